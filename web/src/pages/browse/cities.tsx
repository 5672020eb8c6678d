/** The city list (A–Z) and a city page. */
import { Link, Navigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { PageOutOfRange, PlaceBusinessesRange, ShowingRange, SkeletonCards } from '../../components/ListState.js';
import { Pager } from '../../components/Pager.js';
import type { BusinessListing } from '@directory/core/wire/listing.js';
import { PAGE_SIZES, type Paged } from '@directory/core/wire/paging.js';
import { formatCount, listReadPage, nounFor, pastLastPage, plural, sizeFor } from '../../lib/format.js';
import { pageHref, usePageParam } from '../../lib/usePageParam.js';
import { cityKey, isListLetter } from '../../ssr/routes.js';
import { NotFound } from '../NotFound.js';
import {
  GridWithSidebar,
  LetterStrip,
  LIST_PAGE,
  ListTools,
  listedBusinesses,
  TEN_MINUTES,
  TWO_HOURS,
  useDirectoryTotals,
  useListPage,
} from './parts.js';
import { foldedIncludes } from '../../lib/fold.js';
import { useListQuery } from '../../lib/list-query.js';
import { countedSearchHref, searchHref } from '../../lib/search.js';

interface CityItem {
  city: string;
  slug: string;
  countryCode: string;
  businessCount: number;
  categoryCount: number;
}

export function Cities() {
  const { letter } = useParams();
  // The text, order, minimum (and view) live in the address: a shared or reloaded list shows the same.
  const [filters, update] = useListQuery();
  const { q } = filters;
  // Only a letter has a list: a longer word goes to /cities, any other character is no page (/cities/1).
  const valid = !letter || isListLetter(letter);
  const { data, error, isLoading } = useSWR<CityItem[]>(
    !valid ? null : letter ? `/api/cities?letter=${encodeURIComponent(letter.toUpperCase())}` : '/api/cities',
    { dedupingInterval: TWO_HOURS },
  );
  const needle = q.trim().toLowerCase();
  const list = useListPage(data, (c) => foldedIncludes(c.city, needle) || c.countryCode.toLowerCase() === needle, {
    name: (c) => c.city,
    count: (c) => c.businessCount,
    filters,
  });
  const listed = data?.reduce((s, c) => s + c.businessCount, 0) ?? 0;
  const totals = useDirectoryTotals();
  // Shares are of the whole directory, as every page counts it.
  const total = totals?.businesses || listed;
  const largest = Math.max(1, ...list.shown.map((c) => c.businessCount));
  if (letter && letter.length !== 1) return <Navigate to="/cities" replace />;
  if (!valid) return <NotFound />;
  return (
    <section>
      <h1>Cities{letter ? ` — ${letter.toUpperCase()}` : ''}</h1>
      {data && (
        <p className="muted">
          {formatCount(data.length)} Cities ·{' '}
          {listedBusinesses(listed, totals, letter ? undefined : totals?.withoutCity, 'city')} ·{' '}
          {formatCount(data.length ? Math.round(listed / data.length) : 0)} Avg per City
        </p>
      )}
      <LetterStrip base="/cities" current={letter} />
      <label>
        <span className="sr-only">Search cities or countries</span>
        <input
          value={q}
          onChange={(e) => update({ q: e.target.value })}
          placeholder="Search cities or countries..."
          size={sizeFor('Search cities or countries...')}
        />
      </label>
      <ListTools filters={filters} onFilters={update} />
      {isLoading && <SkeletonCards count={12} label="Loading cities" />}
      {list.beyond && list.matching.length > 0 && (
        <PageOutOfRange
          page={list.page}
          last={list.total}
          href={(p) => pageHref(letter ? `/cities/${letter.toLowerCase()}` : '/cities', p)}
        />
      )}
      {error && (
        <p role="alert">
          Unable to load cities
          <br />
          Please try again later.
        </p>
      )}
      {data && list.matching.length === 0 && (
        <p>
          No cities found
          <br />
          Try adjusting your search terms
        </p>
      )}
      <div className="grid">
        {list.shown.map((c) => (
          // A link, not a button: it opens in a new tab and search engines follow it.
          <Link
            key={`${c.countryCode}/${c.slug}`}
            className="card"
            to={`/cities/${c.countryCode.toLowerCase()}/${encodeURIComponent(c.slug)}`}
          >
            <h3>{c.city}</h3>
            <p>
              {c.countryCode} · {plural(c.businessCount, 'business', 'businesses')} ·{' '}
              {plural(c.categoryCount, 'category', 'categories')}
            </p>
            <p className="muted">{total ? ((c.businessCount / total) * 100).toFixed(1) : 0}% market share</p>
            <div className="bar" style={{ width: `${(c.businessCount / largest) * 100}%` }} />
          </Link>
        ))}
      </div>
      {!list.beyond && (
        <ShowingRange page={list.page} pageSize={LIST_PAGE} total={list.matching.length} one="city" many="cities" />
      )}
      <Pager page={list.page} total={list.total} onPage={list.setPage} />
    </section>
  );
}

interface CityPage extends Paged {
  city: string;
  slug: string;
  country: string;
  countryCode: string;
  businessCount: number;
  categoryCount: number;
  topCategories: { category: string; slug: string; count: number }[];
  businesses: BusinessListing[];
}

export function CityDetail() {
  const { countryCode = '', citySlug = '' } = useParams();
  const [page, setPage] = usePageParam();
  // The previous page stays on screen, dimmed, while the next one is read.
  const { data, error, isLoading } = useSWR<CityPage>(cityKey(countryCode, citySlug, listReadPage(page)), {
    dedupingInterval: TEN_MINUTES,
    keepPreviousData: true,
  });
  if (isLoading && !data) return <SkeletonCards count={PAGE_SIZES.placeBusinesses} label="Loading businesses" />;
  if (error || !data)
    return (
      <section>
        <h1>City not found</h1>
        <Link to="/cities">Back to cities</Link>
      </section>
    );
  const beyond = !isLoading && pastLastPage(page, data.totalPages);
  const path = `/cities/${encodeURIComponent(countryCode)}/${encodeURIComponent(citySlug)}`;
  return (
    <GridWithSidebar
      businesses={beyond ? [] : data.businesses}
      page={page}
      totalPages={data.totalPages}
      onPage={setPage}
      busy={isLoading}
      sidebarTitle="Top categories"
      // Each count is the category's in this city: its link shows exactly those (the category's page has all).
      sidebar={data.topCategories.map((c) => ({
        key: c.slug,
        to: countedSearchHref({ category: c.slug, countryCode: data.countryCode, city: data.slug }),
        label: c.category,
        count: c.count,
      }))}
    >
      <h1>
        {data.city}, {data.country}
      </h1>
      <div className="tiles">
        <div>
          <strong>{formatCount(data.businessCount)}</strong> {nounFor(data.businessCount, 'business', 'businesses')}
        </div>
        <div>
          <strong>{formatCount(data.categoryCount)}</strong> {nounFor(data.categoryCount, 'category', 'categories')}
        </div>
      </div>
      <p>
        Browse {plural(data.businessCount, 'business', 'businesses')} in {data.city}, {data.country}, in{' '}
        {plural(data.categoryCount, 'category', 'categories')}.
      </p>
      {data.totalCount === 0 && <p>No businesses found in this city.</p>}
      <PlaceBusinessesRange
        page={page}
        pageSize={PAGE_SIZES.placeBusinesses}
        total={data.totalCount}
        totalPages={data.totalPages}
        beyond={beyond}
        href={(p) => pageHref(path, p)}
        searchAll={searchHref({ country: data.countryCode, city: data.slug })}
      />
    </GridWithSidebar>
  );
}
