import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DEFAULT_EXPORT_FIELDS, EXPORT_FIELDS } from './business-fields.js';
import { neutraliseCell } from './fields.js';
import { ExportRequestError, parseExportRequest, parseLegacyExportRequest } from './request.js';
import { CsvRecordTerminators } from './write-csv.js';

const NOW = new Date('2026-06-17T12:34:56.789Z');

describe('export parameters (admin spec §7)', () => {
  it('defaults to name, full_address, phone, type over everything', () => {
    const request = parseExportRequest({}, NOW);
    expect(request).toEqual({
      fields: ['name', 'full_address', 'phone', 'type'],
      countryCode: null,
      categories: [],
      dateRange: 'all',
      startDate: null,
      endDate: null,
      requestedAt: NOW.toISOString(),
      fileName: 'businesses_all_0kategoriler_all_20260617-123456.csv',
    });
    expect(DEFAULT_EXPORT_FIELDS).toEqual(request.fields);
    expect(EXPORT_FIELDS).toHaveLength(27);
  });

  it('reads comma lists and arrays, keeps the field order asked for, and names the file by the §7 pattern', () => {
    const request = parseExportRequest(
      { fields: 'type, name,id', countryCode: 'ch', categories: ['Bakery', 'Café & Bar'], dateRange: 'last7days' },
      NOW,
    );
    expect(request.fields).toEqual(['type', 'name', 'id']);
    expect(request.countryCode).toBe('CH');
    expect(request.categories).toEqual(['Bakery', 'Café & Bar']);
    expect(request.fileName).toBe('businesses_CH_2kategoriler_last7days_20260617-123456.csv');
    const custom = parseExportRequest(
      { dateRange: 'custom', startDate: '2025-03-01', endDate: '2025-03-15', categories: 'Plumber' },
      NOW,
    );
    expect(custom.fileName).toBe('businesses_all_1kategoriler_custom-20250301-20250315_20260617-123456.csv');
  });

  it('treats a custom range without dates as every date (the dialog sends dates only when both are set)', () => {
    const request = parseExportRequest({ dateRange: 'custom', countryCode: 'all' }, NOW);
    expect(request).toMatchObject({ dateRange: 'custom', startDate: null, endDate: null, countryCode: null });
    expect(request.fileName).toBe('businesses_all_0kategoriler_custom_20260617-123456.csv');
  });

  it.each([
    [{ fields: 'name,password' }, 'Unknown export field "password"; choose from id, name, slug'],
    [{ countryCode: 'CHE' }, 'countryCode "CHE" is not a two-letter country code'],
    [{ dateRange: 'lastyear' }, 'dateRange "lastyear" is not one of all, today, yesterday'],
    [{ dateRange: 'custom', startDate: '2025-03-01' }, 'A custom date range needs both startDate and endDate'],
    [{ dateRange: 'custom', startDate: '2025-02-30', endDate: '2025-03-01' }, 'startDate "2025-02-30" is not a date'],
    [{ dateRange: 'custom', startDate: '2025-03-02', endDate: '2025-03-01' }, 'startDate 2025-03-02 is after endDate'],
  ])('refuses %j with a sentence', (input, message) => {
    expect(() => parseExportRequest(input, NOW)).toThrow(ExportRequestError);
    expect(() => parseExportRequest(input, NOW)).toThrow(message);
  });

  it('reads null as a value left out and refuses values of another type with a sentence naming them', () => {
    const nulls = {
      fields: null,
      countryCode: null,
      categories: null,
      dateRange: null,
      startDate: null,
      endDate: null,
    };
    expect(parseExportRequest(nulls as never, NOW)).toEqual(parseExportRequest({}, NOW));
    const refused = (input: unknown) => () => parseExportRequest(input as never, NOW);
    for (const [input, sentence] of [
      [{ fields: {} }, 'fields must be a list of names, or names separated by commas.'],
      [{ fields: ['name', 3] }, 'fields must be a list of names, or names separated by commas.'],
      [{ categories: 5 }, 'categories must be a list of names, or names separated by commas.'],
      [{ countryCode: 41 }, 'countryCode must be text.'],
      [{ dateRange: ['all'] }, 'dateRange must be text.'],
      [{ startDate: {} }, 'startDate must be text.'],
      [[], 'The export request must be an object such as {"countryCode": "CH"}.'],
      ['CH', 'The export request must be an object such as {"countryCode": "CH"}.'],
    ] as const) {
      expect(refused(input)).toThrow(new ExportRequestError(sentence));
    }
  });

  it('maps the legacy panel fields and names the file businesses_export_{date}.csv', () => {
    const request = parseLegacyExportRequest(
      { selectedFields: ['name', 'address', 'reviewCount', 'placeId', 'countryCode'], countryCode: 'us' },
      NOW,
    );
    expect(request.fields).toEqual(['name', 'full_address', 'reviews', 'place_id', 'country_code']);
    expect(request.countryCode).toBe('US');
    expect(request.fileName).toBe('businesses_export_2026-06-17.csv');
    expect(parseLegacyExportRequest({ countryCode: 'all' }, NOW).fields).toEqual([
      'name',
      'full_address',
      'phone',
      'category',
    ]);
    expect(() => parseLegacyExportRequest({ selectedFields: 'name' }, NOW)).toThrow(
      'selectedFields must be a list of field names.',
    );
    // Export needs at least one field (admin spec §5): an empty list is not the defaults.
    expect(() => parseLegacyExportRequest({ selectedFields: [] }, NOW)).toThrow(
      'selectedFields must name at least one field (or be left out for the default ones).',
    );
  });

  it('neutralises formula starts', () => {
    expect(['=1+1', '+41 44', '-x', '@a', '\tx', '\rx', 'plain', ''].map(neutraliseCell)).toEqual([
      "'=1+1",
      "'+41 44",
      "'-x",
      "'@a",
      "'\tx",
      "'\rx",
      'plain',
      '',
    ]);
  });
});

describe('CSV record terminators', () => {
  async function convert(chunks: string[]): Promise<{ text: string; rows: number }> {
    const transform = new CsvRecordTerminators();
    const out: Buffer[] = [];
    await pipeline(
      Readable.from(chunks.map((c) => Buffer.from(c))),
      transform,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          out.push(chunk);
          done();
        },
      }),
    );
    return { text: Buffer.concat(out).toString(), rows: transform.rows };
  }

  it('ends records with CRLF and keeps line breaks inside quoted cells, whatever the chunking', async () => {
    const csv = 'a,"line one\nline two",b\n"say ""hi""\n",2\nplain,,\n';
    const expected = 'a,"line one\nline two",b\r\n"say ""hi""\n",2\r\nplain,,\r\n';
    expect(await convert([csv])).toEqual({ text: expected, rows: 3 });
    for (let cut = 1; cut < csv.length; cut++) {
      expect(await convert([csv.slice(0, cut), csv.slice(cut)])).toEqual({ text: expected, rows: 3 });
    }
    expect(await convert(csv.split(''))).toEqual({ text: expected, rows: 3 });
  });
});
