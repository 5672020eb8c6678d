import type { Weekday } from '@directory/core/rules/opening-hours.js';
import { hoursRows } from '../../lib/detail.js';
import { useClientValue } from '../../ssr/useClientValue.js';

/** The server writes times as en-US; the browser then writes them in the visitor's own locale. */
const SERVER_LOCALE = 'en-US';
const visitorLocale = () => navigator.languages?.[0] ?? navigator.language ?? SERVER_LOCALE;

/** Opening hours: one row per day in one format, today highlighted (after hydration), or "Hours not listed". */
export function HoursSection(props: { hours: Record<string, string> | null; today: Weekday | null }) {
  const locale = useClientValue(visitorLocale, SERVER_LOCALE);
  const listed = props.hours && Object.keys(props.hours).length > 0 ? props.hours : null;
  return (
    <section className="detail-card">
      <h2>Opening Hours</h2>
      {listed ? (
        <table className="hours">
          <tbody>
            {hoursRows(listed, locale).map(({ day, text }) => (
              <tr key={day} className={day === props.today ? 'today' : undefined}>
                <th scope="row">{day}</th>
                <td>{text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">Hours not listed</p>
      )}
    </section>
  );
}
