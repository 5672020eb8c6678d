import { openMinutesOf, readWeekIntervalsText, weekIntervals, weekIntervalsText } from './week-hours.js';
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
