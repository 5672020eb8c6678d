import {
  openMinutesOf,
  readWeekIntervalsText,
  unlistedIntervals,
  weekIntervals,
  weekIntervalsText,
  weekMinutesOf,
} from './week-hours.js';
import { parseWorkingHours } from './opening-hours.js';

describe('open minutes as stored (int4multirange literals)', () => {
  it('writes the intervals as PostgreSQL writes a multirange, and reads them back', () => {
    const intervals: Array<[number, number]> = [
      [0, 180],
      [1980, 2460],
      [9840, 10080],
    ];
    expect(weekIntervalsText(intervals)).toBe('{[0,180),[1980,2460),[9840,10080)}');
    expect(readWeekIntervalsText(weekIntervalsText(intervals))).toEqual(intervals);
    expect(weekIntervalsText([])).toBe('{}');
    expect(readWeekIntervalsText('{}')).toEqual([]);
  });

  it.each([null, undefined, '', '[1,2)', '{[1,2]}', '{(1,2)}', '{[a,2)}', '{[1,2),}'])('refuses %p', (text) => {
    expect(readWeekIntervalsText(text)).toBeNull();
  });

  it('is the week of the hours as weekIntervals reads them, null when they are missing or unreadable', () => {
    const google = '{"Friday":["8PM-3AM"],"Saturday":"Open 24 hours","Sunday":"Closed"}';
    expect(openMinutesOf(google)).toBe(weekIntervalsText(weekIntervals(parseWorkingHours(google))!));
    // Friday 20:00 to Saturday 03:00 joins Saturday's 24 hours, to the week's end.
    expect(openMinutesOf(google)).toBe('{[8400,10080)}');
    expect(openMinutesOf('{"Monday":"Closed"}')).toBe('{}');
    expect(openMinutesOf(null)).toBeNull();
    expect(openMinutesOf('{not json')).toBeNull();
    expect(openMinutesOf('{"Monday":"sometimes"}')).toBeNull();
  });
});

describe('unlisted minutes', () => {
  const day = 1440;
  it("are the days a table leaves out, less the listed days' overnight hours", () => {
    expect(unlistedIntervals({ Friday: '6AM-10PM' })).toEqual([
      [0, 5 * day],
      [6 * day, 7 * day],
    ]);
    expect(unlistedIntervals({ Friday: '6PM-2AM' })).toEqual([
      [0, 5 * day],
      [6 * day + 120, 7 * day],
    ]);
    expect(unlistedIntervals({ Saturday: '6PM-2AM' })).toEqual([[120, 6 * day]]);
    expect(unlistedIntervals({ Monday: 'Closed', Tuesday: 'Closed' })).toEqual([
      [0, day],
      [3 * day, 7 * day],
    ]);
  });

  it('are none when every day is listed, and unknown with the hours', () => {
    const week =
      '{"Sunday":"Closed","Monday":"9AM-5PM","Tuesday":"9AM-5PM","Wednesday":"9AM-5PM","Thursday":"9AM-5PM","Friday":"9AM-5PM","Saturday":"Closed"}';
    expect(unlistedIntervals(parseWorkingHours(week))).toEqual([]);
    expect(weekMinutesOf(week)).toEqual({ open: openMinutesOf(week), unlisted: null });
    expect(unlistedIntervals(null)).toBeNull();
    expect(weekMinutesOf('{"Monday":"sometimes"}')).toEqual({ open: null, unlisted: null });
    expect(weekMinutesOf('{"Friday":"6AM-10PM"}')).toEqual({
      open: '{[7560,8520)}',
      unlisted: '{[0,7200),[8640,10080)}',
    });
  });
});
