import { isOpenToday, weekdayOf } from './hours.js';

// 2026-11-23 is a Monday; local dates, as the visitor's browser sees them.
const monday = new Date(2026, 10, 23, 12, 0);
const sunday = new Date(2026, 10, 22, 23, 59);

describe('open or closed from today’s hours (public spec §4)', () => {
  it('names the weekday the hours table is keyed by', () => {
    expect(weekdayOf(monday)).toBe('Monday');
    expect(weekdayOf(sunday)).toBe('Sunday');
  });

  it('is open when today has hours that are not Closed', () => {
    expect(isOpenToday({ Monday: '9AM-5PM', Sunday: 'Closed' }, monday)).toBe(true);
    expect(isOpenToday({ Monday: '9AM-5PM', Sunday: 'Closed' }, sunday)).toBe(false);
  });

  it('reads Closed in any case and with spaces around it', () => {
    expect(isOpenToday({ Monday: ' closed ' }, monday)).toBe(false);
    expect(isOpenToday({ Monday: 'CLOSED' }, monday)).toBe(false);
    expect(isOpenToday({ Monday: 'Closed for lunch 12-1, open 9-5' }, monday)).toBe(true);
  });

  it('is closed when today has no entry, and shows no badge when hours are missing', () => {
    expect(isOpenToday({ Tuesday: '9AM-5PM' }, monday)).toBe(false);
    expect(isOpenToday(null, monday)).toBeNull();
    expect(isOpenToday(undefined, monday)).toBeNull();
    expect(isOpenToday({}, monday)).toBeNull();
  });
});
