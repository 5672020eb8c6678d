/** The country list, a country page and a country's cities. */
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { PageOutOfRange, ShowingRange, SkeletonCards } from '../../components/ListState.js';
import { Pager } from '../../components/Pager.js';
import { PAGE_SIZES, type Paged } from '@directory/core/wire/paging.js';
import { compactPlural, listReadPage, plural } from '../../lib/format.js';
import { pageHref, usePageParam } from '../../lib/usePageParam.js';
import { countryCitiesKey } from '../../ssr/routes.js';
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
  const categoryPages = Math.ceil(data.topCategories.length / perPage);
  return (
    <section>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/">Home</Link> / <Link to="/countries">Countries</Link> / {data.country}
      </nav>
      <h1>{data.country}</h1>
      <div className="tiles">
        <div>
          <strong>{data.businessCount}</strong> businesses
        </div>
        <div>
          <strong>{data.cityCount}</strong> cities
        </div>
        <div>
          <strong>{data.categoryCount}</strong> categories
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
              {c.city} ({c.count})
            </Link>
          </li>
        ))}
      </ul>
      {data.cityCount > 20 && (
        <Link to={`/countries/${encodeURIComponent(slug)}/cities`}>View All {data.cityCount} Cities</Link>
      )}
      <h2>Popular categories</h2>
      <ul className="chips">
        {data.topCategories.slice((categoryPage - 1) * perPage, categoryPage * perPage).map((c) => (
          <li key={c.slug}>
            <Link to={`/categories/${encodeURIComponent(c.slug)}`}>
              {c.category} ({c.count})
            </Link>
          </li>
        ))}
      </ul>
      {categoryPages > 1 && (
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

export function CountryCities() {
  const { slug = '' } = useParams();
  const [page, setPage] = usePageParam();
  // The text typed is in the address (shared, reloaded and server-rendered as typed).
  const [{ q }, update] = useListQuery();
  const { data, error, isLoading } = useSWR<
    Paged & {
      cities: { city: string; slug: string; countryCode: string; businessCount: number; categoryCount: number }[];
    }
  >(countryCitiesKey(slug, listReadPage(page), q), {
    dedupingInterval: TEN_MINUTES,
    keepPreviousData: true,
  });
  return (
    <section>
      <h1>Cities</h1>
      <label>
        <span className="sr-only">Search cities</span>
        <input value={q} onChange={(e) => update({ q: e.target.value })} placeholder="Search cities..." />
      </label>
      {isLoading && !data && <SkeletonCards count={12} label="Loading cities" />}
      {error && <p role="alert">Unable to load cities</p>}
      {data && data.cities.length === 0 && <p>No cities found</p>}
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
      {data && (
        <ShowingRange
          page={page}
          pageSize={PAGE_SIZES.countryCities}
          total={data.totalCount}
          one="city"
          many="cities"
        />
      )}
      {data && <Pager page={page} total={data.totalPages} onPage={setPage} />}
    </section>
  );
}
