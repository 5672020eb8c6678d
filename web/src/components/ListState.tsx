/** What every paged list shows around its items: "Showing X–Y of Z", skeleton cards, "page does not exist". */
import { Link } from 'react-router-dom';
import { nounFor } from '../lib/format.js';

/** "Showing 25–48 of 1,234 cities" for page `page` of `pageSize` items; nothing when the list is empty. */
export function ShowingRange(props: { page: number; pageSize: number; total: number; one: string; many: string }) {
  const { page, pageSize, total } = props;
  if (total <= 0) return null;
  const from = Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  const n = (value: number) => value.toLocaleString('en-US');
  return (
    <p className="showing">{`Showing ${n(from)}–${n(to)} of ${n(total)} ${nounFor(total, props.one, props.many)}`}</p>
  );
}

/** Placeholder cards in the list's place while its first answer is on its way (public spec §2 loading states). */
export function SkeletonCards({ count = 6, label = 'Loading' }: { count?: number; label?: string }) {
  return (
    <div className="grid" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card skeleton-card" aria-hidden="true">
          <div className="skeleton-block photo" />
          <div className="skeleton-block line wide" />
          <div className="skeleton-block line" />
          <div className="skeleton-block line short" />
        </div>
      ))}
    </div>
  );
}

/** A page number past the list's last page: said as such, with the way to the last page. */
export function PageOutOfRange({ page, last, href }: { page: number; last: number; href: (page: number) => string }) {
  return (
    <div className="out-of-range">
      <h2>{`Page ${page} does not exist`}</h2>
      <p>
        {`The last page is ${last}. `}
        <Link to={href(last)}>{`Go to page ${last}`}</Link>
      </p>
    </div>
  );
}

/** Under a place's businesses (a category's, a city's): the range shown, or that the page does not exist. */
export function PlaceBusinessesRange(props: {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  beyond: boolean;
  href: (page: number) => string;
}) {
  const { page, total } = props;
  return props.beyond ? (
    <PageOutOfRange page={page} last={Math.max(1, props.totalPages)} href={props.href} />
  ) : (
    <ShowingRange page={page} pageSize={props.pageSize} total={total} one="business" many="businesses" />
  );
}
