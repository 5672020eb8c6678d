import { openBadge, weekdayOf } from './hours.js';

// 2026-11-23 is a Monday: 12:00 UTC is 7 AM in New York, 1 PM in Zürich, 1 AM Tuesday in Auckland.
const mondayNoonUtc = new Date('2026-11-23T12:00:00Z');

describe("open or closed at the business's local time (public spec §4, issue 31)", () => {
  it('names the weekday the hours table is keyed by, in the business’s zone', () => {
    expect(weekdayOf('Europe/Zurich', mondayNoonUtc)).toBe('Monday');
    expect(weekdayOf('Pacific/Auckland', mondayNoonUtc)).toBe('Tuesday');
    expect(weekdayOf(null, new Date('2026-11-22T23:59:00Z'))).toBe('Sunday');
  });

  it('says when it closes or opens, in local time', () => {
    const hours = { Monday: '9AM-5PM', Sunday: 'Closed' };
    expect(openBadge(hours, 'Europe/Zurich', mondayNoonUtc)).toEqual({ open: true, text: 'Open now · closes 5 PM' });
    expect(openBadge(hours, 'America/New_York', mondayNoonUtc)).toEqual({
      open: false,
      text: 'Closed · opens 9 AM',
    });
    expect(openBadge({ Monday: '11:30am-2:30pm,5:30-11pm' }, 'America/New_York', mondayNoonUtc)?.text).toBe(
      'Closed · opens 11:30 AM',
    );
  });

  it('shows no badge when hours are missing or unreadable', () => {
    expect(openBadge(null, 'UTC', mondayNoonUtc)).toBeNull();
    expect(openBadge(undefined, 'UTC', mondayNoonUtc)).toBeNull();
    expect(openBadge({}, 'UTC', mondayNoonUtc)).toBeNull();
    expect(openBadge({ Monday: 'Closed for lunch 12-1, open 9-5' }, 'UTC', mondayNoonUtc)).toBeNull();
  });
});
