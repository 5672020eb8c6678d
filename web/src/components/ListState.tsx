/** What every paged list shows around its items: "Showing X–Y of Z", skeleton cards, "page does not exist". */
import { Link } from 'react-router-dom';
import { formatCount, listedCount, nounFor } from '../lib/format.js';

/**
 * "Showing 25–48 of 1,234 cities" for page `page` of `pageSize` items; nothing when the list is empty. A list the api
 * pages (`paged`) stops at page 100: when it holds more, the text says how many are listed and links `searchAll`,
 * the search that shows them all, so that no count promises more than the pages reach.
 */
export function ShowingRange(props: {
  page: number;
  pageSize: number;
  total: number;
  one: string;
  many: string;
  paged?: boolean;
  searchAll?: string;
}) {
  const { page, pageSize, total } = props;
  if (total <= 0) return null;
  const from = Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  const listed = props.paged ? listedCount(total, pageSize) : total;
  const n = formatCount;
  return (
    <p className="showing">
      {`Showing ${n(from)}–${n(to)} of ${n(total)} ${nounFor(total, props.one, props.many)}`}
      {listed < total && `; the first ${n(listed)} are listed here`}
      {listed < total && props.searchAll && (
        <>
          {' '}
          (<Link to={props.searchAll}>{`search all ${n(total)}`}</Link>)
        </>
      )}
    </p>
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
  /** The search of all the place's businesses, linked when there are more than 100 pages hold. */
  searchAll: string;
}) {
  const { page, total } = props;
  return props.beyond ? (
    <PageOutOfRange page={page} last={Math.max(1, props.totalPages)} href={props.href} />
  ) : (
    <ShowingRange
      page={page}
      pageSize={props.pageSize}
      total={total}
      one="business"
      many="businesses"
      paged
      searchAll={props.searchAll}
    />
  );
}
