/** The country list, a country page and a country's cities. */
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { PageOutOfRange, ShowingRange, SkeletonCards } from '../../components/ListState.js';
import { Pager } from '../../components/Pager.js';
import { PAGE_SIZES, type Paged } from '@directory/core/wire/paging.js';
import { compactPlural, formatCount, listReadPage, nounFor, pastLastPage, plural, topOf } from '../../lib/format.js';
import { pageHref, usePageParam } from '../../lib/usePageParam.js';
import { countryCategoryPages, countryCitiesKey } from '../../ssr/routes.js';
import {
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
import { countedSearchHref } from '../../lib/search.js';

interface CountryItem {
  country: string;
  countryCode: string;
  slug: string;
  businessCount: number;
  cityCount: number;
  categoryCount: number;
}

export function Countries() {
  // The text, order, minimum (and view) live in the address: a shared or reloaded list shows the same.
  const [filters, update] = useListQuery();
  const { q } = filters;
  const { data, error, isLoading } = useSWR<CountryItem[]>('/api/countries', { dedupingInterval: TWO_HOURS });
  const list = useListPage(data, (c) => foldedIncludes(c.country, q), {
    name: (c) => c.country,
    count: (c) => c.businessCount,
    filters,
  });
  const listed = data?.reduce((s, c) => s + c.businessCount, 0) ?? 0;
  const totals = useDirectoryTotals();
  // Shares are of the whole directory, as every page counts it.
  const total = totals?.businesses || listed;
  return (
    <section>
      <h1>Countries</h1>
      {data && (
        <p className="muted">
          {plural(data.length, 'country', 'countries')} ·{' '}
          {listedBusinesses(listed, totals, totals?.withoutCountry, 'country')} ·{' '}
          {plural(
            data.reduce((s, c) => s + c.cityCount, 0),
            'city',
            'cities',
          )}
        </p>
      )}
      <label>
        <span className="sr-only">Search countries</span>
        <input value={q} onChange={(e) => update({ q: e.target.value })} placeholder="Search countries..." />
      </label>
      <ListTools filters={filters} onFilters={update} />
      {isLoading && <SkeletonCards count={12} label="Loading countries" />}
      {list.beyond && list.matching.length > 0 && (
        <PageOutOfRange page={list.page} last={list.total} href={(p) => pageHref('/countries', p)} />
      )}
      {error && <p role="alert">Unable to load countries</p>}
      {data && list.matching.length === 0 && <p>No countries found</p>}
      <div className="grid">
        {list.shown.map((c) => (
          <Link key={c.countryCode} className="card" to={`/countries/${encodeURIComponent(c.slug)}`}>
            <h3>{c.country}</h3>
            <p>
              {compactPlural(c.businessCount, 'business', 'businesses')} ·{' '}
              {compactPlural(c.cityCount, 'city', 'cities')} ·{' '}
              {compactPlural(c.categoryCount, 'category', 'categories')}
            </p>
            <p className="muted">Market Share {total ? ((c.businessCount / total) * 100).toFixed(1) : 0}%</p>
          </Link>
        ))}
      </div>
      {!list.beyond && (
        <ShowingRange
          page={list.page}
          pageSize={LIST_PAGE}
          total={list.matching.length}
          one="country"
          many="countries"
        />
      )}
      <Pager page={list.page} total={list.total} onPage={list.setPage} />
    </section>
  );
}

interface CountryPage extends CountryItem {
  topCities: { city: string; slug: string; count: number }[];
  topCategories: { category: string; slug: string; count: number }[];
}

export function CountryDetail() {
  const { slug = '' } = useParams();
  // The categories' page is in the address, so that Back from a category returns to it.
  const [categoryPage, setCategoryPage] = usePageParam();
  const perPage = PAGE_SIZES.countryCategories;
  const { data, error, isLoading } = useSWR<CountryPage>(`/api/countries/${encodeURIComponent(slug)}`, {
    dedupingInterval: TEN_MINUTES,
  });
  if (isLoading) return <SkeletonCards count={6} label="Loading country data..." />;
  if (error || !data)
    return (
      <section>
        <h1>Country not found</h1>
        <Link to="/countries">Back to countries</Link>
      </section>
    );
  const categoryPages = countryCategoryPages(data.topCategories.length);
  // A categories' page past the last names nothing: said as such (the server answers 404).
  const categoriesBeyond = pastLastPage(categoryPage, categoryPages);
  const categoriesShown = topOf(data.topCategories.length, data.categoryCount, 'category', 'categories');
  return (
    <section>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/">Home</Link> / <Link to="/countries">Countries</Link> / {data.country}
      </nav>
      <h1>{data.country}</h1>
      <div className="tiles">
        <div>
          <strong>{formatCount(data.businessCount)}</strong> {nounFor(data.businessCount, 'business', 'businesses')}
        </div>
        <div>
          <strong>{formatCount(data.cityCount)}</strong> {nounFor(data.cityCount, 'city', 'cities')}
        </div>
        <div>
          <strong>{formatCount(data.categoryCount)}</strong> {nounFor(data.categoryCount, 'category', 'categories')}
        </div>
      </div>
      <p>
        Discover {plural(data.businessCount, 'business', 'businesses')} in {data.country}, across{' '}
        {plural(data.cityCount, 'city', 'cities')} and {plural(data.categoryCount, 'category', 'categories')}.
      </p>
      <h2>Top cities</h2>
      <ul className="chips">
        {data.topCities.map((c) => (
          <li key={c.slug}>
            <Link to={`/cities/${data.countryCode.toLowerCase()}/${encodeURIComponent(c.slug)}`}>
              {c.city} ({formatCount(c.count)})
            </Link>
          </li>
        ))}
      </ul>
      {data.cityCount > 20 && (
        <Link to={`/countries/${encodeURIComponent(slug)}/cities`}>View All {formatCount(data.cityCount)} Cities</Link>
      )}
      <h2>Popular categories</h2>
      {/* The api sends the country's top categories only: say so where they are fewer than it has. */}
      {categoriesShown && <p className="muted">{categoriesShown}</p>}
      {categoriesBeyond && (
        <PageOutOfRange
          page={categoryPage}
          last={Math.max(1, categoryPages)}
          href={(p) => pageHref(`/countries/${encodeURIComponent(slug)}`, p)}
        />
      )}
      <ul className="chips">
        {data.topCategories.slice((categoryPage - 1) * perPage, categoryPage * perPage).map((c) => (
          <li key={c.slug}>
            {/* The count is the category's in this country: the link shows exactly those (the category's page has all). */}
            <Link to={countedSearchHref({ category: c.slug, countryCode: data.countryCode })}>
              {c.category} ({formatCount(c.count)})
            </Link>
          </li>
        ))}
      </ul>
      {categoryPages > 1 && !categoriesBeyond && (
        <p>
          <button disabled={categoryPage <= 1} onClick={() => setCategoryPage(categoryPage - 1)}>
            Previous
          </button>{' '}
          Page {categoryPage} of {categoryPages}{' '}
          <button disabled={categoryPage >= categoryPages} onClick={() => setCategoryPage(categoryPage + 1)}>
            Next
          </button>
        </p>
      )}
    </section>
  );
}

/** A list address with the text typed kept ("?q=zur&page=2"). */
const withText = (href: string, q: string) =>
  q ? `${href}${href.includes('?') ? '&' : '?'}q=${encodeURIComponent(q)}` : href;

export function CountryCities() {
  const { slug = '' } = useParams();
  const [page, setPage] = usePageParam();
  // The text typed is in the address (shared, reloaded and server-rendered as typed).
  const [{ q }, update] = useListQuery();
  const { data, error, isLoading } = useSWR<
    Paged & {
      slug: string;
      cities: { city: string; slug: string; countryCode: string; businessCount: number; categoryCount: number }[];
    }
  >(countryCitiesKey(slug, listReadPage(page), q), {
    dedupingInterval: TEN_MINUTES,
    keepPreviousData: true,
  });
  // A page past the last names nothing: said as such, not as an empty list (the server answers 404).
  const beyond = data !== undefined && !isLoading && pastLastPage(page, data.totalPages);
  return (
    <section>
      <h1>Cities</h1>
      <label>
        <span className="sr-only">Search cities</span>
        <input value={q} onChange={(e) => update({ q: e.target.value })} placeholder="Search cities..." />
      </label>
      {isLoading && !data && <SkeletonCards count={12} label="Loading cities" />}
      {error && <p role="alert">Unable to load cities</p>}
      {beyond && (
        <PageOutOfRange
          page={page}
          last={Math.max(1, data.totalPages)}
          href={(p) => withText(pageHref(`/countries/${encodeURIComponent(data.slug)}/cities`, p), q)}
        />
      )}
      {data && !beyond && data.cities.length === 0 && <p>No cities found</p>}
      <div className={`grid${isLoading ? ' busy' : ''}`} aria-busy={isLoading || undefined}>
        {data?.cities.map((c) => (
          <Link
            key={c.slug}
            className="card"
            to={`/cities/${c.countryCode.toLowerCase()}/${encodeURIComponent(c.slug)}`}
          >
            <h3>{c.city}</h3>
            <p>
              {plural(c.businessCount, 'business', 'businesses')} · {plural(c.categoryCount, 'category', 'categories')}
            </p>
          </Link>
        ))}
      </div>
      {data && !beyond && (
        <ShowingRange
          page={page}
          pageSize={PAGE_SIZES.countryCities}
          total={data.totalCount}
          one="city"
          many="cities"
          paged
        />
      )}
      {data && !beyond && <Pager page={page} total={data.totalPages} onPage={setPage} />}
    </section>
  );
}
