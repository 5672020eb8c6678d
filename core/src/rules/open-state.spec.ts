import { clockText, localMinuteOfWeek, openState, openStateText } from './open-state.js';
import { type WorkingHours } from './opening-hours.js';
import { readDay, weekIntervals } from './week-hours.js';

const every = (text: string): WorkingHours => ({
  Sunday: text,
  Monday: text,
  Tuesday: text,
  Wednesday: text,
  Thursday: text,
  Friday: text,
  Saturday: text,
});
const at = (iso: string) => new Date(iso);

describe('readDay', () => {
  it.each<[string, Array<[number, number]> | null]>([
    ['9AM-5PM', [[540, 1020]]],
    ['9 AM–5 PM', [[540, 1020]]],
    ['9\u202fAM–5\u202fPM', [[540, 1020]]],
    [
      '11:30am-2:30pm,5:30-11pm',
      [
        [690, 870],
        [1050, 1380],
      ],
    ],
    [
      '9-11:30AM, 6-7PM',
      [
        [540, 690],
        [1080, 1140],
      ],
    ],
    ['11-2PM', [[660, 840]]],
    ['6PM-2AM', [[1080, 1560]]],
    ['5PM-12AM', [[1020, 1440]]],
    ['12PM-3PM', [[720, 900]]],
    ['09:00-17:00', [[540, 1020]]],
    ['Open 24 hours', [[0, 1440]]],
    ['Closed', []],
    ['closed', []],
    ['by appointment', null],
    ['25AM-3PM', null],
  ])('%s', (text, expected) => {
    expect(readDay(text)).toEqual(expected);
  });
});

describe('weekIntervals', () => {
  it('spills overnight hours into the next day and Saturday night into Sunday morning', () => {
    expect(weekIntervals({ Friday: '6PM-2AM', Saturday: '6PM-2AM' })).toEqual([
      [0, 120],
      [5 * 1440 + 1080, 6 * 1440 + 120],
      [6 * 1440 + 1080, 7 * 1440],
    ]);
  });
  it('merges 24-hour days into one interval, a missing day is not open, an unreadable day makes the week unknown', () => {
    expect(weekIntervals(every('Open 24 hours'))).toEqual([[0, 7 * 1440]]);
    expect(weekIntervals({ Monday: '9AM-5PM' })).toEqual([[1440 + 540, 1440 + 1020]]);
    expect(weekIntervals({ Monday: '9AM-5PM', Tuesday: 'ask us' })).toBeNull();
    expect(weekIntervals(null)).toBeNull();
  });
});

describe('localMinuteOfWeek', () => {
  it.each([
    // New York springs forward at 2 AM on Sunday 2026-03-08 (EST -5 → EDT -4) and falls back on 2026-11-01.
    ['2026-03-08T06:30:00Z', 'America/New_York', 90],
    ['2026-03-08T07:30:00Z', 'America/New_York', 210],
    ['2026-11-01T05:30:00Z', 'America/New_York', 90],
    ['2026-11-01T06:30:00Z', 'America/New_York', 90],
    ['2026-11-01T07:30:00Z', 'America/New_York', 150],
    // Zürich: CEST (+2) until 2026-10-25, CET (+1) after; springs forward on 2026-03-29.
    ['2026-03-29T00:30:00Z', 'Europe/Zurich', 90],
    ['2026-03-29T01:30:00Z', 'Europe/Zurich', 210],
    ['2026-11-26T08:14:00Z', 'Europe/Zurich', 4 * 1440 + 554],
    ['2026-11-26T08:14:00Z', 'Asia/Kolkata', 4 * 1440 + 824],
    ['2026-11-26T08:14:00Z', 'Pacific/Honolulu', 3 * 1440 + 1334],
    ['2026-11-26T08:14:00Z', null, 4 * 1440 + 494],
    ['2026-11-26T08:14:00Z', 'Not/AZone', 4 * 1440 + 494],
  ])('%s in %s', (iso, zone, minute) => {
    expect(localMinuteOfWeek(at(iso), zone)).toBe(minute);
  });
});

describe('openState', () => {
  const newYorkLunch: WorkingHours = { ...every('9-11:30AM, 1-8PM'), Sunday: 'Closed' };
  const zurichRestaurant: WorkingHours = { ...every('11:30am-2:30pm,5:30-11pm'), Monday: 'Closed' };

  it('issue 31: 03:25 on Thursday in New York is closed until 9 AM, not open because it is Thursday in UTC', () => {
    expect(openState(newYorkLunch, 'America/New_York', at('2026-11-26T08:25:00Z'))).toEqual({
      open: false,
      closesAt: null,
      opensAt: '9 AM',
    });
  });

  it('issue 31: 09:14 in Zürich the restaurant opening at 11:30 is closed', () => {
    const state = openState(zurichRestaurant, 'Europe/Zurich', at('2026-11-26T08:14:00Z'));
    expect(openStateText(state)).toBe('Closed · opens 11:30 AM');
    expect(openStateText(openState(zurichRestaurant, 'Europe/Zurich', at('2026-11-26T11:00:00Z')))).toBe(
      'Open now · closes 2:30 PM',
    );
    expect(openStateText(openState(zurichRestaurant, 'Europe/Zurich', at('2026-11-26T21:59:00Z')))).toBe(
      'Open now · closes 11 PM',
    );
    expect(openStateText(openState(zurichRestaurant, 'Europe/Zurich', at('2026-11-26T22:00:00Z')))).toBe(
      'Closed · opens 11:30 AM',
    );
  });

  it('judges the same instant differently in each zone', () => {
    const nineToFive = every('9AM-5PM');
    const instant = at('2026-11-26T15:00:00Z');
    expect(openState(nineToFive, 'America/New_York', instant).open).toBe(true); // 10 AM
    expect(openState(nineToFive, 'Europe/Zurich', instant).open).toBe(true); // 4 PM
    expect(openState(nineToFive, 'Asia/Tokyo', instant).open).toBe(false); // midnight
    expect(openState(nineToFive, 'America/Los_Angeles', instant).open).toBe(false); // 7 AM
    expect(openState(nineToFive, 'Asia/Tokyo', instant).opensAt).toBe('9 AM');
  });

  it('follows the DST change in New York (opening at 9 AM local on both sides)', () => {
    const sundays = { Sunday: '9AM-5PM' };
    // Spring: 9 AM EDT is 13:00 UTC, no longer 14:00.
    expect(openState(sundays, 'America/New_York', at('2026-03-08T12:59:00Z')).open).toBe(false);
    expect(openState(sundays, 'America/New_York', at('2026-03-08T13:00:00Z')).open).toBe(true);
    // Autumn: 9 AM EST is 14:00 UTC.
    expect(openState(sundays, 'America/New_York', at('2026-11-01T13:59:00Z')).open).toBe(false);
    expect(openState(sundays, 'America/New_York', at('2026-11-01T14:00:00Z')).open).toBe(true);
    expect(openState(sundays, 'America/New_York', at('2026-11-01T21:59:00Z')).closesAt).toBe('5 PM');
    expect(openState(sundays, 'America/New_York', at('2026-11-01T22:00:00Z')).open).toBe(false);
  });

  it('follows the DST change in Zürich', () => {
    const sundays = { Sunday: '8AM-10AM' };
    expect(openState(sundays, 'Europe/Zurich', at('2026-03-29T06:30:00Z')).open).toBe(true); // 08:30 CEST
    expect(openState(sundays, 'Europe/Zurich', at('2026-03-29T08:00:00Z')).open).toBe(false); // 10:00 CEST
    expect(openState(sundays, 'Europe/Zurich', at('2026-10-25T08:30:00Z')).open).toBe(true); // 09:30 CET
    expect(openState(sundays, 'Europe/Zurich', at('2026-10-25T06:30:00Z')).open).toBe(false); // 07:30 CET
  });

  it('keeps a bar open after midnight, also from Saturday night into Sunday', () => {
    const bar: WorkingHours = { ...every('Closed'), Friday: '6PM-2AM', Saturday: '6PM-2AM' };
    // Saturday 01:30 in New York (EST) = 06:30 UTC.
    expect(openState(bar, 'America/New_York', at('2026-11-28T06:30:00Z'))).toEqual({
      open: true,
      closesAt: '2 AM',
      opensAt: null,
    });
    // Sunday 01:30 local: Saturday night's hours.
    expect(openState(bar, 'America/New_York', at('2026-11-29T06:30:00Z')).open).toBe(true);
    // Sunday 03:00 local: closed until Friday.
    expect(openState(bar, 'America/New_York', at('2026-11-29T08:00:00Z'))).toEqual({
      open: false,
      closesAt: null,
      opensAt: 'Fri 6 PM',
    });
  });

  it("names the weekday of an opening a week ahead, this weekday's hours being past", () => {
    const sundays: WorkingHours = { ...every('Closed'), Sunday: '10AM-12PM' };
    // Sunday 15:55 in Zürich (CET) = 14:55 UTC: next Sunday at 10, not "10 AM" as if later today.
    expect(openState(sundays, 'Europe/Zurich', at('2026-11-29T14:55:00Z')).opensAt).toBe('Sun 10 AM');
    // Saturday 15:55: tomorrow at 10, within the next 24 hours.
    expect(openState(sundays, 'Europe/Zurich', at('2026-11-28T14:55:00Z')).opensAt).toBe('10 AM');
  });

  it('says when a 24-hour place closes only when it does', () => {
    expect(openState(every('Open 24 hours'), 'Asia/Kolkata', at('2026-11-26T08:14:00Z'))).toEqual({
      open: true,
      closesAt: null,
      opensAt: null,
    });
    expect(openStateText(openState(every('Open 24 hours'), 'Asia/Kolkata', new Date()))).toBe('Open 24 hours');
    const weekdays: WorkingHours = { ...every('Open 24 hours'), Saturday: 'Closed', Sunday: 'Closed' };
    // Friday 20:00 in Kolkata = 14:30 UTC.
    expect(openState(weekdays, 'Asia/Kolkata', at('2026-11-27T14:30:00Z')).closesAt).toBe('12 AM');
    // Wednesday noon: open through Friday midnight.
    expect(openState(weekdays, 'Asia/Kolkata', at('2026-11-25T06:30:00Z')).closesAt).toBe('Sat 12 AM');
  });

  it('says nothing of a day the table does not list, nor promises an opening beyond one', () => {
    const fridays: WorkingHours = { Friday: '6AM-10PM' }; // an export that captured one day of a gym's week
    // Friday 10:00 in Kolkata = 04:30 UTC.
    expect(openStateText(openState(fridays, 'Asia/Kolkata', at('2026-11-27T04:30:00Z')))).toBe(
      'Open now · closes 10 PM',
    );
    // Friday 23:00: closed tonight; whether it opens before next Friday is not known.
    expect(openState(fridays, 'Asia/Kolkata', at('2026-11-27T17:30:00Z'))).toEqual({
      open: false,
      closesAt: null,
      opensAt: null,
    });
    // Monday 10:00: not "Closed · opens Fri 6 AM".
    expect(openState(fridays, 'Asia/Kolkata', at('2026-11-30T04:30:00Z'))).toEqual({
      open: null,
      closesAt: null,
      opensAt: null,
    });
    expect(openStateText(openState(fridays, 'Asia/Kolkata', at('2026-11-30T04:30:00Z')))).toBeNull();
    // Friday night's hours reach into the unlisted Saturday; after them Saturday is unknown.
    const fridayNights: WorkingHours = { Friday: '6PM-2AM' };
    expect(openStateText(openState(fridayNights, 'UTC', at('2026-11-28T01:00:00Z')))).toBe('Open now · closes 2 AM');
    expect(openState(fridayNights, 'UTC', at('2026-11-28T03:00:00Z')).open).toBeNull();
    // A listed closed day before a listed opening: the opening is promised.
    const twoDays: WorkingHours = { Thursday: 'Closed', Friday: '6AM-10PM' };
    expect(openStateText(openState(twoDays, 'UTC', at('2026-11-26T20:00:00Z')))).toBe('Closed · opens 6 AM');
  });

  it('is unknown without hours or with unreadable hours, and closed all week when every day is closed', () => {
    expect(openState(null, 'UTC', at('2026-11-26T08:14:00Z'))).toEqual({ open: null, closesAt: null, opensAt: null });
    expect(openState({ Monday: 'call us' }, 'UTC', at('2026-11-26T08:14:00Z')).open).toBeNull();
    expect(openStateText(openState(every('Closed'), 'UTC', at('2026-11-26T08:14:00Z')))).toBe('Closed');
  });
});

describe('clockText', () => {
  it.each([
    [0, '12 AM'],
    [540, '9 AM'],
    [690, '11:30 AM'],
    [720, '12 PM'],
    [1380, '11 PM'],
    [1440, '12 AM'],
  ])('%i', (minute, text) => {
    expect(clockText(minute)).toBe(text);
  });
});
