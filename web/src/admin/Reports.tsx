import { useId } from 'react';
import useSWR from 'swr';
import { formatDateTime, formatNumber } from './format.js';
import { ErrorNote, PageHead } from './parts.js';

/** GET /api/admin/reports (api/src/admin/reports.service.ts). */
interface ReportsAnswer {
  countries: { countryCode: string; country: string | null; count: number }[];
  categories: { category: string; count: number }[];
  imports: { date: string; files: number; rows: number; written: number }[];
  ratings: { bucket: '0-1' | '1-2' | '2-3' | '3-4' | '4-5' | 'none'; count: number }[];
  ratingsCountedAt: string;
  approvedBusinesses: number;
}

interface Bar {
  key: string;
  label: string;
  value: number;
}

const RATING_LABELS: Record<ReportsAnswer['ratings'][number]['bucket'], string> = {
  '0-1': '0–1 yıldız',
  '1-2': '1–2 yıldız',
  '2-3': '2–3 yıldız',
  '3-4': '3–4 yıldız',
  '4-5': '4–5 yıldız',
  none: 'Puan yok',
};

let regionNames: Intl.DisplayNames | null | undefined;
/** A country's Turkish name from its ISO code, else the stored name, else the code. */
function countryName(code: string, stored: string | null): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['tr'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    const name = regionNames?.of(code.toUpperCase());
    if (name && name !== code.toUpperCase()) return name;
  } catch {
    // not an ISO region code
  }
  return stored || code;
}

/** "2026-11-22" as "22 Kas" (the date is a UTC day). */
const shortDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('tr-TR', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('tr-TR', { dateStyle: 'medium', timeZone: 'UTC' });

const share = (value: number, total: number) =>
  total > 0 ? `%${((value / total) * 100).toLocaleString('tr-TR', { maximumFractionDigits: 1 })}` : '%0';

/** Issue 5 "Reports": real charts from the api in place of the spec's "coming soon" placeholder. */
export function Reports() {
  const reports = useSWR<ReportsAnswer>('/api/admin/reports', { dedupingInterval: 30_000 });
  const data = reports.data;
  const approved = data?.approvedBusinesses ?? 0;
  const imports = data?.imports ?? [];
  const importTotals = imports.reduce((sum, d) => ({ files: sum.files + d.files, rows: sum.rows + d.rows }), {
    files: 0,
    rows: 0,
  });

  return (
    <section className="admin-page" aria-labelledby="reports-page-title">
      <PageHead
        id="reports-page-title"
        title="Raporlar"
        intro="Trend analizi, coğrafi dağılım ve kullanıcı davranışı: dizinin güncel rakamları."
      >
        <button type="button" className="secondary" onClick={() => reports.mutate()} disabled={reports.isValidating}>
          {reports.isValidating ? 'Yenileniyor...' : 'Yenile'}
        </button>
      </PageHead>
      <ErrorNote error={reports.error} retry={() => reports.mutate()} />
      {!data && !reports.error && <p className="muted">Yükleniyor…</p>}
      {data && (
        <>
          <div className="admin-columns">
            <BarChart
              title="Ülkelere göre işletmeler"
              note={`En çok işletmesi olan ${data.countries.length} ülke · toplam ${formatNumber(approved)} onaylı işletme`}
              labelHeading="Ülke"
              valueHeading="İşletme"
              total={approved}
              empty="Henüz ülke bilgisi olan işletme yok."
              bars={data.countries.map((c) => ({
                key: c.countryCode,
                label: countryName(c.countryCode, c.country),
                value: c.count,
              }))}
            />
            <BarChart
              title="Kategorilere göre işletmeler"
              note={`En çok işletmesi olan ${data.categories.length} kategori`}
              labelHeading="Kategori"
              valueHeading="İşletme"
              total={approved}
              empty="Henüz kategorisi olan işletme yok."
              bars={data.categories.map((c) => ({ key: c.category, label: c.category, value: c.count }))}
            />
          </div>

          <ImportsChart
            imports={imports}
            note={`Son ${imports.length} gün (UTC) · ${formatNumber(importTotals.files)} dosya, ${formatNumber(importTotals.rows)} satır`}
          />

          <BarChart
            title="Puan dağılımı"
            note={`Onaylı işletmelerin puanları · ${formatDateTime(data.ratingsCountedAt)} itibarıyla (5 dakikada bir sayılır)`}
            labelHeading="Puan aralığı"
            valueHeading="İşletme"
            total={approved}
            empty="Henüz işletme yok."
            bars={data.ratings.map((r) => ({ key: r.bucket, label: RATING_LABELS[r.bucket], value: r.count }))}
          />
        </>
      )}
    </section>
  );
}

/**
 * Horizontal CSS bars. Each bar's label and count are text (the bar itself is decoration), and the same
 * figures with their share are in a table below: a screen reader reads the chart as data.
 */
function BarChart(props: {
  title: string;
  note: string;
  labelHeading: string;
  valueHeading: string;
  bars: Bar[];
  total: number;
  empty: string;
}) {
  const id = useId();
  const max = Math.max(0, ...props.bars.map((b) => b.value));
  const hasData = props.bars.some((b) => b.value > 0);
  return (
    <figure className="admin-card chart" aria-labelledby={`${id}-title`}>
      <figcaption>
        <h2 id={`${id}-title`}>{props.title}</h2>
        <p className="muted small">{props.note}</p>
      </figcaption>
      {!hasData ? (
        <p className="muted">{props.empty}</p>
      ) : (
        <>
          <ol className="bar-chart" aria-label={props.title}>
            {props.bars.map((bar) => (
              <li key={bar.key} className="bar-row">
                <span className="bar-label" title={bar.label}>
                  {bar.label}
                </span>
                <span className="bar-track" aria-hidden="true">
                  <span className="bar-fill" style={{ width: `${max > 0 ? (bar.value / max) * 100 : 0}%` }} />
                </span>
                <span className="bar-value">{formatNumber(bar.value)}</span>
              </li>
            ))}
          </ol>
          <ChartTable
            caption={props.title}
            headings={[props.labelHeading, props.valueHeading, 'Pay']}
            rows={props.bars.map((bar) => [bar.label, formatNumber(bar.value), share(bar.value, props.total)])}
          />
        </>
      )}
    </figure>
  );
}

/** Imports per day: two SVG column charts (files, rows) over the same days, and one table for both. */
function ImportsChart({ imports, note }: { imports: ReportsAnswer['imports']; note: string }) {
  const id = useId();
  const any = imports.some((d) => d.files > 0);
  return (
    <figure className="admin-card chart" aria-labelledby={`${id}-title`}>
      <figcaption>
        <h2 id={`${id}-title`}>Zaman içinde yüklemeler</h2>
        <p className="muted small">{note}</p>
      </figcaption>
      {!any ? (
        <p className="muted">Son 30 günde dosya yüklenmedi.</p>
      ) : (
        <>
          <div className="admin-columns" aria-hidden="true">
            <ColumnChart label="Yüklenen dosya" days={imports} value={(d) => d.files} />
            <ColumnChart label="Okunan satır" days={imports} value={(d) => d.rows} />
          </div>
          <ChartTable
            caption="Günlük yüklemeler"
            headings={['Gün', 'Dosya', 'Satır', 'Eklenen/güncellenen']}
            rows={imports
              .filter((d) => d.files > 0)
              .map((d) => [longDay(d.date), formatNumber(d.files), formatNumber(d.rows), formatNumber(d.written)])}
            summary={`Tabloyu göster (yükleme olan ${imports.filter((d) => d.files > 0).length} gün)`}
          />
        </>
      )}
    </figure>
  );
}

const COLUMN_WIDTH = 10;
const COLUMN_GAP = 4;
const CHART_HEIGHT = 120;

function ColumnChart(props: {
  label: string;
  days: ReportsAnswer['imports'];
  value: (day: ReportsAnswer['imports'][number]) => number;
}) {
  const values = props.days.map(props.value);
  const max = Math.max(0, ...values);
  const width = props.days.length * (COLUMN_WIDTH + COLUMN_GAP) - COLUMN_GAP;
  return (
    <div className="column-chart">
      <div className="column-chart-head small">
        <span>{props.label}</span>
        <span className="muted">en çok {formatNumber(max)}</span>
      </div>
      <svg viewBox={`0 0 ${width} ${CHART_HEIGHT}`} preserveAspectRatio="none" focusable="false">
        <line x1={0} x2={width} y1={CHART_HEIGHT - 0.5} y2={CHART_HEIGHT - 0.5} className="column-axis" />
        {props.days.map((day, i) => {
          const v = values[i];
          const h = max > 0 ? Math.max(v > 0 ? 2 : 0, (v / max) * (CHART_HEIGHT - 4)) : 0;
          return (
            <rect
              key={day.date}
              x={i * (COLUMN_WIDTH + COLUMN_GAP)}
              y={CHART_HEIGHT - h}
              width={COLUMN_WIDTH}
              height={h}
              className="column-bar"
            >
              <title>{`${longDay(day.date)}: ${formatNumber(v)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="column-chart-axis muted small">
        <span>{props.days[0] ? shortDay(props.days[0].date) : ''}</span>
        <span>{props.days.at(-1) ? shortDay(props.days.at(-1)!.date) : ''}</span>
      </div>
    </div>
  );
}

/** The chart's figures as a table: the text alternative, open to everyone in a disclosure. */
function ChartTable(props: { caption: string; headings: string[]; rows: string[][]; summary?: string }) {
  return (
    <details className="chart-table">
      <summary>{props.summary ?? 'Tabloyu göster'}</summary>
      <table>
        <caption className="sr-only">{props.caption}</caption>
        <thead>
          <tr>
            {props.headings.map((h, i) => (
              <th key={h} scope="col" className={i > 0 ? 'num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, r) => (
            <tr key={`${r}-${row[0]}`}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="num">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
