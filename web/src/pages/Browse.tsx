import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { BusinessCard } from '../components/BusinessCard.js';
import { Pager } from '../components/Pager.js';
import type { Listing, Paged } from '../lib/api.js';
import { compactCount, plural } from '../lib/format.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const TEN_MINUTES = 10 * 60 * 1000;
const TWO_HOURS = 2 * 60 * 60 * 1000;
const LIST_PAGE = 24;

function LetterStrip({ base, current }: { base: string; current?: string }) {
  return (
    <nav className="letters" aria-label="Letters">
      <Link to={base} aria-current={!current ? 'page' : undefined}>
        All
      </Link>
      {LETTERS.map((l) => (
        <Link
          key={l}
          to={`${base}/${l.toLowerCase()}`}
          aria-current={current?.toUpperCase() === l ? 'page' : undefined}
        >
          {l}
        </Link>
      ))}
    </nav>
  );
}

/** The business grid with its pager and the sidebar of top links, shared by category and city pages. */
function GridWithSidebar(props: {
  businesses: Listing[];
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  sidebarTitle: string;
  sidebar: { key: string; to: string; label: string; count: number }[];
  children?: React.ReactNode;
}) {
  return (
    <section className="with-sidebar">
      <div>
        {props.children}
        <div className="grid">
          {props.businesses.map((b) => (
            <BusinessCard key={b.id} business={b} />
          ))}
        </div>
        <Pager page={props.page} total={props.totalPages} onPage={props.onPage} />
      </div>
      <aside>
        <h2>{props.sidebarTitle}</h2>
        <ul>
          {props.sidebar.map((item) => (
            <li key={item.key}>
              <Link to={item.to}>{item.label}</Link> ({item.count})
            </li>
          ))}
        </ul>
      </aside>
    </section>
  );
}

function useListPage<T>(items: T[] | undefined, filter: (item: T) => boolean) {
  const [page, setPage] = useState(1);
  const matching = items?.filter(filter) ?? [];
  const total = Math.ceil(matching.length / LIST_PAGE);
  return { page, setPage, total, shown: matching.slice((page - 1) * LIST_PAGE, page * LIST_PAGE), matching };
}

export function Categories() {
  const { slug } = useParams();
  const letter = slug && slug.length === 1 ? slug : undefined;
  const [q, setQ] = useState('');
  const { data, error } = useSWR<{ category: string; slug: string; count: number }[]>(
    letter ? `/api/categories?letter=${encodeURIComponent(letter.toUpperCase())}` : '/api/categories',
    { dedupingInterval: TWO_HOURS },
  );
  const list = useListPage(data, (c) => c.category.toLowerCase().includes(q.trim().toLowerCase()));
  const total = data?.reduce((sum, c) => sum + Number(c.count), 0) ?? 0;
  return (
    <section>
      <h1>Categories{letter ? ` — ${letter.toUpperCase()}` : ''}</h1>
      {data && (
        <p className="muted">
          {data.length} categories · {total} businesses · {data.length ? Math.round(total / data.length) : 0} on average
        </p>
      )}
      <LetterStrip base="/categories" current={letter} />
      <label>
        <span className="sr-only">Search categories</span>
        <input value={q} onChange={(e) => (setQ(e.target.value), list.setPage(1))} placeholder="Search categories..." />
      </label>
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
      <div className="grid">
        {list.shown.map((c) => (
          <Link key={c.slug} className="card" to={`/categories/${encodeURIComponent(c.slug)}`}>
            <h3>{c.category}</h3>
            <p>{c.count} businesses</p>
            <p className="muted">{total ? ((Number(c.count) / total) * 100).toFixed(1) : 0}%</p>
            <div
              className="bar"
              style={{ width: `${total ? (Number(c.count) / Number(data![0].count)) * 100 : 0}%` }}
            />
          </Link>
        ))}
      </div>
      <Pager page={list.page} total={list.total} onPage={list.setPage} />
    </section>
  );
}

interface CategoryPage extends Paged {
  category: string;
  businessCount: number;
  countryCount: number;
  topCountries: { country: string; slug: string; count: number }[];
  businesses: Listing[];
}

export function CategoryDetail() {
  const { slug = '' } = useParams();
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useSWR<CategoryPage>(
    slug.length > 1 ? `/api/categories/${encodeURIComponent(slug)}?page=${page}&limit=12` : null,
    { dedupingInterval: TEN_MINUTES },
  );
  if (slug.length === 1) return <Categories />;
  if (isLoading) return <p>Loading…</p>;
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
  return (
    <GridWithSidebar
      businesses={data.businesses}
      page={page}
      totalPages={data.totalPages}
      onPage={setPage}
      sidebarTitle="Top countries"
      sidebar={data.topCountries.map((c) => ({
        key: c.slug,
        to: `/countries/${encodeURIComponent(c.slug)}`,
        label: c.country,
        count: c.count,
      }))}
    >
      <h1>{data.category}</h1>
      <p>
        {plural(data.businessCount, 'business', 'businesses')} in {plural(data.countryCount, 'country', 'countries')}.
      </p>
      {data.businesses.length === 0 && <p>No businesses found in this category.</p>}
      <p>
        Showing {(page - 1) * 12 + 1} - {Math.min(page * 12, data.totalCount)} of {data.totalCount} businesses
      </p>
    </GridWithSidebar>
  );
}

interface CountryItem {
  country: string;
  countryCode: string;
  slug: string;
  businessCount: number;
  cityCount: number;
  categoryCount: number;
}

export function Countries() {
  const [q, setQ] = useState('');
  const { data, error } = useSWR<CountryItem[]>('/api/countries', { dedupingInterval: TWO_HOURS });
  const list = useListPage(data, (c) => c.country.toLowerCase().includes(q.trim().toLowerCase()));
  const total = data?.reduce((s, c) => s + c.businessCount, 0) ?? 0;
  return (
    <section>
      <h1>Countries</h1>
      {data && (
        <p className="muted">
          {data.length} countries · {total} businesses · {data.reduce((s, c) => s + c.cityCount, 0)} cities
        </p>
      )}
      <label>
        <span className="sr-only">Search countries</span>
        <input value={q} onChange={(e) => (setQ(e.target.value), list.setPage(1))} placeholder="Search countries..." />
      </label>
      {error && <p role="alert">Unable to load countries</p>}
      {data && list.matching.length === 0 && <p>No countries found</p>}
      <div className="grid">
        {list.shown.map((c) => (
          <Link key={c.countryCode} className="card" to={`/countries/${encodeURIComponent(c.slug)}`}>
            <h3>{c.country}</h3>
            <p>
              {compactCount(c.businessCount)} businesses · {compactCount(c.cityCount)} cities ·{' '}
              {compactCount(c.categoryCount)} categories
            </p>
            <p className="muted">Market Share {total ? ((c.businessCount / total) * 100).toFixed(1) : 0}%</p>
          </Link>
        ))}
      </div>
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
  const [categoryPage, setCategoryPage] = useState(1);
  const { data, error, isLoading } = useSWR<CountryPage>(`/api/countries/${encodeURIComponent(slug)}`, {
    dedupingInterval: TEN_MINUTES,
  });
  if (isLoading) return <p>Loading country data...</p>;
  if (error || !data)
    return (
      <section>
        <h1>Country not found</h1>
        <Link to="/countries">Back to countries</Link>
      </section>
    );
  const categoryPages = Math.ceil(data.topCategories.length / 20);
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
        {data.topCategories.slice((categoryPage - 1) * 20, categoryPage * 20).map((c) => (
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
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const { data, error } = useSWR<
    Paged & {
      cities: { city: string; slug: string; countryCode: string; businessCount: number; categoryCount: number }[];
    }
  >(`/api/countries/${encodeURIComponent(slug)}/cities?page=${page}&limit=24&q=${encodeURIComponent(q)}`, {
    dedupingInterval: TEN_MINUTES,
    keepPreviousData: true,
  });
  return (
    <section>
      <h1>Cities</h1>
      <label>
        <span className="sr-only">Search cities</span>
        <input value={q} onChange={(e) => (setQ(e.target.value), setPage(1))} placeholder="Search cities..." />
      </label>
      {error && <p role="alert">Unable to load cities</p>}
      {data && data.cities.length === 0 && <p>No cities found</p>}
      <div className="grid">
        {data?.cities.map((c) => (
          <Link
            key={c.slug}
            className="card"
            to={`/cities/${c.countryCode.toLowerCase()}/${encodeURIComponent(c.slug)}`}
          >
            <h3>{c.city}</h3>
            <p>
              {c.businessCount} businesses · {c.categoryCount} categories
            </p>
          </Link>
        ))}
      </div>
      {data && <Pager page={page} total={data.totalPages} onPage={setPage} />}
    </section>
  );
}

interface CityItem {
  city: string;
  slug: string;
  countryCode: string;
  businessCount: number;
  categoryCount: number;
}

export function Cities() {
  const { letter } = useParams();
  const [q, setQ] = useState('');
  const { data, error } = useSWR<CityItem[]>(
    letter ? `/api/cities?letter=${encodeURIComponent(letter.toUpperCase())}` : '/api/cities',
    { dedupingInterval: TWO_HOURS },
  );
  const needle = q.trim().toLowerCase();
  const list = useListPage(
    data,
    (c) => c.city.toLowerCase().includes(needle) || c.countryCode.toLowerCase() === needle,
  );
  const total = data?.reduce((s, c) => s + c.businessCount, 0) ?? 0;
  const largest = Math.max(1, ...list.shown.map((c) => c.businessCount));
  if (letter && letter.length !== 1) return <Navigate to="/cities" replace />;
  const goTo = (p: number) => {
    list.setPage(p);
    window.scrollTo(0, 0);
  };
  return (
    <section>
      <h1>Cities{letter ? ` — ${letter.toUpperCase()}` : ''}</h1>
      {data && (
        <p className="muted">
          {data.length} Cities · {total} Total Businesses · {data.length ? Math.round(total / data.length) : 0} Avg per
          City
        </p>
      )}
      <LetterStrip base="/cities" current={letter} />
      <label>
        <span className="sr-only">Search cities or countries</span>
        <input
          value={q}
          onChange={(e) => (setQ(e.target.value), list.setPage(1))}
          placeholder="Search cities or countries..."
        />
      </label>
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
              {c.countryCode} · {c.businessCount} businesses · {c.categoryCount} categories
            </p>
            <p className="muted">{total ? ((c.businessCount / total) * 100).toFixed(1) : 0}% market share</p>
            <div className="bar" style={{ width: `${(c.businessCount / largest) * 100}%` }} />
          </Link>
        ))}
      </div>
      {data && list.matching.length > 0 && (
        <p>
          Showing {(list.page - 1) * LIST_PAGE + 1} to {Math.min(list.page * LIST_PAGE, list.matching.length)} of{' '}
          {list.matching.length} cities
        </p>
      )}
      <Pager page={list.page} total={list.total} onPage={goTo} />
    </section>
  );
}

interface CityPage extends Paged {
  city: string;
  country: string;
  businessCount: number;
  categoryCount: number;
  topCategories: { category: string; slug: string; count: number }[];
  businesses: Listing[];
}

export function CityDetail() {
  const { countryCode = '', citySlug = '' } = useParams();
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useSWR<CityPage>(
    `/api/cities/${encodeURIComponent(countryCode)}/${encodeURIComponent(citySlug)}?page=${page}&limit=12`,
    { dedupingInterval: TEN_MINUTES },
  );
  if (isLoading) return <p>Loading…</p>;
  if (error || !data)
    return (
      <section>
        <h1>City not found</h1>
        <Link to="/cities">Back to cities</Link>
      </section>
    );
  return (
    <GridWithSidebar
      businesses={data.businesses}
      page={page}
      totalPages={data.totalPages}
      onPage={setPage}
      sidebarTitle="Top categories"
      sidebar={data.topCategories.map((c) => ({
        key: c.slug,
        to: `/categories/${encodeURIComponent(c.slug)}`,
        label: c.category,
        count: c.count,
      }))}
    >
      <h1>
        {data.city}, {data.country}
      </h1>
      <div className="tiles">
        <div>
          <strong>{data.businessCount}</strong> businesses
        </div>
        <div>
          <strong>{data.categoryCount}</strong> categories
        </div>
      </div>
      <p>
        Browse {plural(data.businessCount, 'business', 'businesses')} in {data.city}, {data.country}, in{' '}
        {plural(data.categoryCount, 'category', 'categories')}.
      </p>
      {data.businesses.length === 0 && <p>No businesses found in this city.</p>}
    </GridWithSidebar>
  );
}
