import pg from 'pg';
import { createSuiteDatabase } from '../../testing/database.js';
import type { SearchEngine, SearchQuery } from './search-engine.js';
import { drainOutbox } from './sync/outbox.js';
import { contractEngines } from './testing/engines.js';
import { insertFixtures, type Fixture } from './testing/fixtures.js';

/**
 * The contract for "open now" (both engines): judged at each business's local time, the filter and the hits' flag
 * agreeing, at fixed instants. 2026-11-26 is a Thursday; New York is UTC−5 then, Zürich and Berlin UTC+1.
 */
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const everyDay = (hours: string | string[]) => JSON.stringify(Object.fromEntries(DAYS.map((d) => [d, hours])));

const place = (key: string, fields: Partial<Fixture>): Fixture => ({
  key,
  name: `Clockwork ${key}`,
  category: 'Shop',
  city: 'Nowhere',
  country: 'Nowhere',
  countryCode: 'NW',
  address: `1 ${key} Street`,
  lat: null,
  lng: null,
  rating: 4,
  reviews: 10,
  ...fields,
});
const NEW_YORK = { city: 'New York', country: 'United States', countryCode: 'US', timeZone: 'America/New_York' };
const ZURICH = { city: 'Zürich', country: 'Switzerland', countryCode: 'CH', timeZone: 'Europe/Zurich' };

const PLACES: Fixture[] = [
  place('ny-shop', { ...NEW_YORK, hours: everyDay('9AM-5PM') }),
  // Google's array layout, with its narrow no-break spaces and en dashes.
  place('zurich-restaurant', {
    ...ZURICH,
    category: 'Restaurant',
    hours: everyDay(['11:30\u202fAM–2\u202fPM', '6–11\u202fPM']),
  }),
  place('berlin-bar', {
    city: 'Berlin',
    country: 'Germany',
    countryCode: 'DE',
    timeZone: 'Europe/Berlin',
    category: 'Bar',
    hours: JSON.stringify({ Friday: '8PM-3AM', Saturday: '8PM-3AM', Sunday: 'Closed', Thursday: 'Closed' }),
  }),
  place('tokyo-24h', {
    city: 'Tokyo',
    country: 'Japan',
    countryCode: 'JP',
    timeZone: 'Asia/Tokyo',
    hours: everyDay('Open 24 hours'),
  }),
  place('ny-no-hours', { ...NEW_YORK }),
  place('zurich-closed', { ...ZURICH, hours: everyDay('Closed') }),
  place('ny-closes-5-10', { ...NEW_YORK, hours: everyDay('9AM-5:10PM') }),
  // No zone known: read in UTC, as the detail page reads it.
  place('utc-office', { hours: everyDay('9AM-5PM') }),
  place('ny-unapproved', { ...NEW_YORK, hours: everyDay('Open 24 hours'), approved: false }),
  // An export that captured one day of the week: the others are neither open nor closed.
  place('kolkata-mondays', {
    city: 'Kolkata',
    country: 'India',
    countryCode: 'IN',
    timeZone: 'Asia/Kolkata',
    hours: JSON.stringify({ Monday: '6AM-10PM' }),
  }),
];

/** The open ones among every place with hours (the others: closed, or null without hours or on an unlisted day). */
const INSTANTS: [what: string, iso: string, open: string[]][] = [
  [
    '14:00 in New York (19:00 in Zürich)',
    '2026-11-26T19:00:00Z',
    ['ny-shop', 'zurich-restaurant', 'tokyo-24h', 'ny-closes-5-10'],
  ],
  ['03:25 in New York', '2026-11-26T08:25:00Z', ['tokyo-24h']],
  ['09:14 in Zürich, before an 11:30 opening', '2026-11-26T08:14:00Z', ['tokyo-24h']],
  ['noon in Zürich', '2026-11-26T11:00:00Z', ['zurich-restaurant', 'tokyo-24h', 'utc-office']],
  ["01:30 on Saturday in Berlin: Friday's overnight hours", '2026-11-28T00:30:00Z', ['berlin-bar', 'tokyo-24h']],
  ["02:45 on Sunday in Berlin: Saturday's, across the week's end", '2026-11-29T01:45:00Z', ['berlin-bar', 'tokyo-24h']],
  ['04:00 on Saturday in Berlin, after closing', '2026-11-28T03:00:00Z', ['tokyo-24h']],
  // New York's clocks went forward at 02:00 that day: 13:30 UTC is 09:30 there (08:30 by the winter offset).
  [
    '09:30 in New York on the day summer time began',
    '2026-03-08T13:30:00Z',
    ['ny-shop', 'tokyo-24h', 'ny-closes-5-10', 'utc-office'],
  ],
  // Zürich's went back at 03:00: 10:15 UTC is 11:15 there, before the 11:30 opening (12:15 the day before).
  ['11:15 in Zürich on the day summer time ended', '2026-10-25T10:15:00Z', ['tokyo-24h', 'utc-office']],
  ['12:15 in Zürich the day before', '2026-10-24T10:15:00Z', ['zurich-restaurant', 'tokyo-24h', 'utc-office']],
];

describe.each(contractEngines())('open now at local time: %s engine', (_kind, contract) => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let pool: pg.Pool;
  let engine: SearchEngine;
  let keyOf: Map<number, string>;
  const keys = (hits: { id: number }[]) => hits.map((h) => keyOf.get(h.id)!).sort();
  const search = (query: SearchQuery) => engine.search({ limit: 100, ...query });
  /** Each place's [openNow, closesAt, opensAt] at an instant. */
  const states = async (iso: string) =>
    Object.fromEntries(
      (await search({ now: new Date(iso) })).hits.map((hit) => [
        keyOf.get(hit.id)!,
        [hit.openNow, hit.closesAt, hit.opensAt],
      ]),
    );

  beforeAll(async () => {
    database = await createSuiteDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    keyOf = new Map([...(await insertFixtures(pool, PLACES))].map(([key, id]) => [id, key]));
    engine = contract.create(pool);
    await engine.setup();
    await drainOutbox(pool, engine);
  });

  afterAll(async () => {
    if (engine) await contract.dispose(engine);
    await engine?.close();
    await pool?.end();
    await database?.drop();
  });

  it.each(INSTANTS)('at %s the filter finds the open places and the hits say so', async (_what, iso, open) => {
    const now = new Date(iso);
    const all = await search({ now });
    const flags = Object.fromEntries(all.hits.map((hit) => [keyOf.get(hit.id)!, hit.openNow]));
    const withHours = PLACES.filter((p) => p.approved !== false && p.hours !== undefined).map((p) => p.key);
    expect(flags).toEqual({
      ...Object.fromEntries(withHours.map((key) => [key, open.includes(key)])),
      'ny-no-hours': null,
      'kolkata-mondays': null, // no instant above is a Monday
    });
    const filtered = await search({ now, openNow: true });
    expect(keys(filtered.hits)).toEqual([...open].sort());
    expect(filtered.total).toBe(open.length);
    expect(filtered.hits.every((hit) => hit.openNow === true)).toBe(true);
  });

  it('takes "open now" typed among the words for the filter', async () => {
    const [, iso, open] = INSTANTS[0];
    const typed = await search({ q: 'open now', now: new Date(iso) });
    expect([keys(typed.hits), typed.total]).toEqual([[...open].sort(), open.length]);
    const zurich = await search({ q: 'now open zurich', now: new Date(iso) });
    expect(keys(zurich.hits)).toEqual(['zurich-restaurant']);
  });

  it('says when an open place closes and a closed one opens, in its local time', async () => {
    // 14:00 in New York, 20:00 in Zürich (Thursday).
    expect(await states('2026-11-26T19:00:00Z')).toMatchObject({
      'ny-shop': [true, '5 PM', null],
      'zurich-restaurant': [true, '11 PM', null],
      'tokyo-24h': [true, null, null],
      'zurich-closed': [false, null, null],
      'ny-no-hours': [null, null, null],
    });
    // 03:25 in New York; 09:14 in Zürich.
    expect(await states('2026-11-26T08:25:00Z')).toMatchObject({
      'ny-shop': [false, null, '9 AM'],
      'zurich-restaurant': [false, null, '11:30 AM'],
    });
  });

  it('says nothing on a day the hours do not list, nor promises an opening beyond one', async () => {
    // Monday 10:00 in Kolkata, 05:30 in Berlin (the bar lists Thursday to Sunday).
    expect(await states('2026-11-30T04:30:00Z')).toMatchObject({
      'kolkata-mondays': [true, '10 PM', null],
      'berlin-bar': [null, null, null],
    });
    expect(keys((await search({ now: new Date('2026-11-30T04:30:00Z'), openNow: true })).hits)).toEqual([
      'kolkata-mondays',
      'tokyo-24h',
    ]);
    // Monday 23:00 in Kolkata: closed tonight, and whether it opens before next Monday is not known.
    expect(await states('2026-11-30T17:30:00Z')).toMatchObject({ 'kolkata-mondays': [false, null, null] });
    // Thursday 20:00 in Berlin: listed closed, opening on Friday evening.
    expect(await states('2026-11-26T19:00:00Z')).toMatchObject({
      'kolkata-mondays': [null, null, null],
      'berlin-bar': [false, null, 'Fri 8 PM'],
    });
  });

  it('counts the facets of open places as clicking them finds', async () => {
    const now = new Date('2026-11-26T19:00:00Z');
    const open = await search({ now, openNow: true });
    for (const facet of ['category', 'country'] as const) {
      expect(open.facets[facet].reduce((sum, f) => sum + (f.count ?? NaN), 0)).toBe(open.total);
      for (const value of open.facets[facet]) {
        const clicked = await search({ now, openNow: true, [facet]: value.value });
        expect([value.value, clicked.total]).toEqual([value.value, value.count]);
      }
    }
    expect(open.facets.country.find((f) => f.value === 'US')?.count).toBe(2);
  });

  it(`judges at the minute or at its quarter hour's start, as declared (${contract.capabilities.openNowStepMinutes} min)`, async () => {
    // 17:12 in New York: a place closing at 17:10 has closed; at 17:00, the quarter hour's start, it was open.
    const now = new Date('2026-11-26T22:12:00Z');
    const expected = contract.capabilities.openNowStepMinutes === 1 ? ['tokyo-24h'] : ['ny-closes-5-10', 'tokyo-24h'];
    expect(keys((await search({ now, openNow: true })).hits)).toEqual(expected);
    const hit = (await search({ now })).hits.find((h) => keyOf.get(h.id) === 'ny-closes-5-10');
    expect(hit?.openNow).toBe(expected.includes('ny-closes-5-10'));
  });

  it('follows a change of hours through the sync', async () => {
    const now = new Date('2026-11-26T08:25:00Z');
    await pool.query(
      `update businesses set working_hours = $1, open_minutes = '{[0,10080)}' where place_id = 'fixture-ny-shop'`,
      [everyDay('Open 24 hours')],
    );
    // Written without the writer's declaration: the trigger leaves the minutes unknown, never stale.
    await drainOutbox(pool, engine);
    const hit = (await search({ now })).hits.find((h) => keyOf.get(h.id) === 'ny-shop');
    expect(hit?.openNow).toBeNull();
    await pool.query(`update businesses set open_minutes = '{[0,10080)}' where place_id = 'fixture-ny-shop'`);
    await drainOutbox(pool, engine);
    expect(keys((await search({ now, openNow: true })).hits)).toEqual(['ny-shop', 'tokyo-24h']);
  });
});
