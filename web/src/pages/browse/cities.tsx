/** The city list (A–Z) and a city page. */
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { Pager } from '../../components/Pager.js';
import type { BusinessListing } from '@directory/core/wire/listing.js';
import type { Paged } from '@directory/core/wire/paging.js';
import { plural, sizeFor } from '../../lib/format.js';
import {
  GridWithSidebar,
  LetterStrip,
  LIST_PAGE,
  listedBusinesses,
  TEN_MINUTES,
  TWO_HOURS,
  useDirectoryTotals,
  useListPage,
} from './parts.js';
import { foldedIncludes } from '../../lib/fold.js';

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
  const list = useListPage(data, (c) => foldedIncludes(c.city, needle) || c.countryCode.toLowerCase() === needle);
  const listed = data?.reduce((s, c) => s + c.businessCount, 0) ?? 0;
  const totals = useDirectoryTotals();
  // Shares are of the whole directory, as every page counts it.
  const total = totals?.businesses || listed;
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
          {data.length} Cities · {listedBusinesses(listed, totals, letter ? undefined : totals?.withoutCity, 'city')} ·{' '}
          {data.length ? Math.round(listed / data.length) : 0} Avg per City
        </p>
      )}
      <LetterStrip base="/cities" current={letter} />
      <label>
        <span className="sr-only">Search cities or countries</span>
        <input
          value={q}
          onChange={(e) => (setQ(e.target.value), list.setPage(1))}
          placeholder="Search cities or countries..."
          size={sizeFor('Search cities or countries...')}
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
              {c.countryCode} · {plural(c.businessCount, 'business', 'businesses')} ·{' '}
              {plural(c.categoryCount, 'category', 'categories')}
            </p>
            <p className="muted">{total ? ((c.businessCount / total) * 100).toFixed(1) : 0}% market share</p>
            <div className="bar" style={{ width: `${(c.businessCount / largest) * 100}%` }} />
          </Link>
        ))}
      </div>
      {data && list.matching.length > 0 && (
        <p>
          Showing {(list.page - 1) * LIST_PAGE + 1} to {Math.min(list.page * LIST_PAGE, list.matching.length)} of{' '}
          {plural(list.matching.length, 'city', 'cities')}
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
  businesses: BusinessListing[];
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
