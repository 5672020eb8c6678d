import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { BusinessCard } from '../components/BusinessCard.js';
import { Pager } from '../components/Pager.js';
import { SearchBox } from '../components/SearchBox.js';
import type { BusinessListing } from '@directory/core/wire/listing.js';
import { type Paged, PUBLIC_MAX_PAGE } from '@directory/core/wire/paging.js';
import { listPageOf, listReadPage, pastLastPage, plural } from '../lib/format.js';
import { searchHref } from '../lib/search.js';
import type { SearchNavigationState } from './Search.js';

export function Businesses() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const page = listPageOf(params.get('page'));
  const [query, setQuery] = useState('');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const { data, error, isLoading } = useSWR<Paged & { businesses: BusinessListing[] }>(
    `/api/businesses?page=${listReadPage(page)}`,
    { dedupingInterval: 2 * 60 * 60 * 1000 },
  );
  const goTo = (p: number) => {
    setParams({ page: String(p) });
    window.scrollTo(0, 0);
  };
  // A page past the last (or over 100) is stated as such, not shown as another page (the server answers 404).
  const beyond = data !== undefined && pastLastPage(page, data.totalPages);
  const last = data ? Math.max(1, Math.min(data.totalPages, PUBLIC_MAX_PAGE)) : 1;
  const from = data && data.totalCount ? (page - 1) * 20 + 1 : 0;
  const to = data ? Math.min(page * 20, data.totalCount) : 0;
  return (
    <section>
      <h1>Businesses</h1>
      <form
        className="toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          navigate(searchHref({ q: query }), { state: { focusResults: true } satisfies SearchNavigationState });
        }}
      >
        <SearchBox
          kind="what"
          label="Search businesses"
          value={query}
          onChange={setQuery}
          placeholder="Search businesses..."
        />
        <button type="submit">Search</button>
        <button
          type="button"
          className="secondary"
          onClick={() =>
            navigate(searchHref({ q: query }), { state: { openFilters: true } satisfies SearchNavigationState })
          }
        >
          Filters
        </button>
        <button type="button" className="secondary" onClick={() => setView(view === 'grid' ? 'list' : 'grid')}>
          {view === 'grid' ? 'List view' : 'Grid view'}
        </button>
      </form>
      {beyond && (
        <div className="out-of-range">
          <h2>{`Page ${page} does not exist`}</h2>
          <p>
            {`The last page is ${last}. `}
            <Link to={last > 1 ? `/businesses?page=${last}` : '/businesses'}>{`Go to page ${last}`}</Link>
          </p>
        </div>
      )}
      {data && !beyond && (
        <div className="tiles">
          <div>
            <strong>{data.totalCount}</strong> Total Businesses
          </div>
          <div>
            <strong>{page}</strong> Current Page
          </div>
          <div>
            <strong>{Math.min(data.totalPages, PUBLIC_MAX_PAGE)}</strong> Total Pages
          </div>
          <div>
            <strong>20</strong> Per Page
          </div>
        </div>
      )}
      {isLoading && <p>Loading businesses...</p>}
      {error && <p role="alert">Unable to load businesses</p>}
      {data && !beyond && data.businesses.length === 0 && (
        <p>
          No businesses found
          <br />
          Try adjusting your search criteria.
        </p>
      )}
      {data && !beyond && data.businesses.length > 0 && (
        <>
          <p>
            Showing {from.toLocaleString('en-US')}-{to.toLocaleString('en-US')} of{' '}
            {plural(data.totalCount, 'business', 'businesses')}
          </p>
          <div className={view === 'grid' ? 'grid' : 'list'}>
            {data.businesses.map((b) => (
              <BusinessCard key={b.id} business={b} />
            ))}
          </div>
          <Pager page={page} total={Math.min(data.totalPages, PUBLIC_MAX_PAGE)} onPage={goTo} withEnds />
        </>
      )}
    </section>
  );
}
