/** The category list (A–Z) and a category page. */
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { PageOutOfRange, PlaceBusinessesRange, ShowingRange, SkeletonCards } from '../../components/ListState.js';
import { Pager } from '../../components/Pager.js';
import type { BusinessListing } from '@directory/core/wire/listing.js';
import { PAGE_SIZES, type Paged } from '@directory/core/wire/paging.js';
import { formatCount, listReadPage, pastLastPage, plural } from '../../lib/format.js';
import { pageHref, usePageParam } from '../../lib/usePageParam.js';
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
import { categoryKey, isListLetter } from '../../ssr/routes.js';
import { NotFound } from '../NotFound.js';
import { countedSearchHref, searchHref } from '../../lib/search.js';

export function Categories() {
  const { slug } = useParams();
  const letter = slug && slug.length === 1 ? slug : undefined;
  // The text, order, minimum (and view) live in the address: a shared or reloaded list shows the same.
  const [filters, update] = useListQuery();
  const { q } = filters;
  const { data, error, isLoading } = useSWR<{ category: string; slug: string; count: number }[]>(
    letter ? `/api/categories?letter=${encodeURIComponent(letter.toUpperCase())}` : '/api/categories',
    { dedupingInterval: TWO_HOURS },
  );
  const list = useListPage(data, (c) => foldedIncludes(c.category, q), {
    name: (c) => c.category,
    count: (c) => Number(c.count),
    filters,
  });
  const base = letter ? `/categories/${letter.toLowerCase()}` : '/categories';
  const listed = data?.reduce((sum, c) => sum + Number(c.count), 0) ?? 0;
  const totals = useDirectoryTotals();
  // Shares are of the whole directory, as every page counts it.
  const total = totals?.businesses || listed;
  return (
    <section>
      <h1>Categories{letter ? ` — ${letter.toUpperCase()}` : ''}</h1>
      {data && (
        <p className="muted">
          {plural(data.length, 'category', 'categories')} ·{' '}
          {listedBusinesses(listed, totals, letter ? undefined : totals?.withoutCategory, 'category')} ·{' '}
          {formatCount(data.length ? Math.round(listed / data.length) : 0)} on average
        </p>
      )}
      <LetterStrip base="/categories" current={letter} />
      <label>
        <span className="sr-only">Search categories</span>
        <input value={q} onChange={(e) => update({ q: e.target.value })} placeholder="Search categories..." />
      </label>
      <ListTools filters={filters} onFilters={update} view={filters.view} onView={(view) => update({ view })} />
      {isLoading && <SkeletonCards count={12} label="Loading categories" />}
      {list.beyond && list.matching.length > 0 && (
        <PageOutOfRange page={list.page} last={list.total} href={(p) => pageHref(base, p)} />
      )}
      {error && (
        <p role="alert">
          Unable to load categories
          <br />
          Please try again later.
        </p>
      )}
      {data && list.matching.length === 0 && (
        <p>
          No categories found
          <br />
          Try adjusting your search terms
        </p>
      )}
      <div className={filters.view}>
        {list.shown.map((c) => (
          <Link key={c.slug} className="card" to={`/categories/${encodeURIComponent(c.slug)}`}>
            <h3>{c.category}</h3>
            <p>{plural(Number(c.count), 'business', 'businesses')}</p>
            <p className="muted">{total ? ((Number(c.count) / total) * 100).toFixed(1) : 0}%</p>
            <div
              className="bar"
              style={{ width: `${total ? (Number(c.count) / Number(data![0].count)) * 100 : 0}%` }}
            />
          </Link>
        ))}
      </div>
      {!list.beyond && (
        <ShowingRange
          page={list.page}
          pageSize={LIST_PAGE}
          total={list.matching.length}
          one="category"
          many="categories"
        />
      )}
      <Pager page={list.page} total={list.total} onPage={list.setPage} />
    </section>
  );
}

interface CategoryPage extends Paged {
  category: string;
  businessCount: number;
  countryCount: number;
  slug: string;
  topCountries: { country: string; countryCode: string; slug: string; count: number }[];
  businesses: BusinessListing[];
}

export function CategoryDetail() {
  const { slug = '' } = useParams();
  const [page, setPage] = usePageParam();
  // The previous page stays on screen, dimmed, while the next one is read.
  const { data, error, isLoading } = useSWR<CategoryPage>(
    slug.length > 1 ? categoryKey(slug, listReadPage(page)) : null,
    { dedupingInterval: TEN_MINUTES, keepPreviousData: true },
  );
  // A one-character address is a letter's list, or no page at all (/categories/1).
  if (slug.length === 1) return isListLetter(slug) ? <Categories /> : <NotFound />;
  if (isLoading && !data) return <SkeletonCards count={PAGE_SIZES.placeBusinesses} label="Loading businesses" />;
  if (error && String(error.message).startsWith('404'))
    return (
      <section>
        <h1>Category not found</h1>
        <p>There is no category at this address.</p>
        <Link to="/categories">Back to categories</Link>
      </section>
    );
  if (error)
    return (
      <section>
        <h1>Error loading category</h1>
        <p>{String(error.message)}</p>
        <Link to="/categories">Back to categories</Link>
      </section>
    );
  if (!data) return null;
  const path = `/categories/${encodeURIComponent(slug)}`;
  const beyond = !isLoading && pastLastPage(page, data.totalPages);
  return (
    <GridWithSidebar
      businesses={beyond ? [] : data.businesses}
      page={page}
      totalPages={data.totalPages}
      onPage={setPage}
      busy={isLoading}
      sidebarTitle="Top countries"
      // Each count is the category's in that country: its link shows exactly those (the country's page has all).
      sidebar={data.topCountries.map((c) => ({
        key: c.slug,
        to: countedSearchHref({ category: data.slug, countryCode: c.countryCode }),
        label: c.country,
        count: c.count,
      }))}
    >
      <h1>{data.category}</h1>
      <p>
        {plural(data.businessCount, 'business', 'businesses')} in {plural(data.countryCount, 'country', 'countries')}.
      </p>
      {data.totalCount === 0 && <p>No businesses found in this category.</p>}
      <PlaceBusinessesRange
        page={page}
        pageSize={PAGE_SIZES.placeBusinesses}
        total={data.totalCount}
        totalPages={data.totalPages}
        beyond={beyond}
        href={(p) => pageHref(path, p)}
        searchAll={searchHref({ category: data.slug })}
      />
    </GridWithSidebar>
  );
}
