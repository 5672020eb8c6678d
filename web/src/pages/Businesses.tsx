import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { BusinessCard } from '../components/BusinessCard.js';
import { PageOutOfRange, ShowingRange, SkeletonCards } from '../components/ListState.js';
import { Pager } from '../components/Pager.js';
import { SearchBox } from '../components/SearchBox.js';
import type { BusinessListing } from '@directory/core/wire/listing.js';
import { PAGE_SIZES, type Paged, PUBLIC_MAX_PAGE } from '@directory/core/wire/paging.js';
import { formatCount, listReadPage, pastLastPage } from '../lib/format.js';
import { useListQuery } from '../lib/list-query.js';
import { pageHref, usePageParam } from '../lib/usePageParam.js';
import { searchHref } from '../lib/search.js';
import type { SearchNavigationState } from './Search.js';

export function Businesses() {
  const [page, goTo] = usePageParam();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  // The grid/list choice is in the address, as the page is.
  const [{ view }, update] = useListQuery();
  // The previous page stays on screen, dimmed, while the next one is read.
  const { data, error, isLoading } = useSWR<Paged & { businesses: BusinessListing[] }>(
    `/api/businesses?page=${listReadPage(page)}`,
    { dedupingInterval: 2 * 60 * 60 * 1000, keepPreviousData: true },
  );
  // A page past the last (or over 100) is stated as such, not shown as another page (the server answers 404).
  const beyond = data !== undefined && !isLoading && pastLastPage(page, data.totalPages);
  const last = data ? Math.max(1, Math.min(data.totalPages, PUBLIC_MAX_PAGE)) : 1;
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
        <button
          type="button"
          className="secondary"
          aria-pressed={view === 'list'}
          onClick={() => update({ view: view === 'grid' ? 'list' : 'grid' })}
        >
          {view === 'grid' ? 'List view' : 'Grid view'}
        </button>
      </form>
      {beyond && <PageOutOfRange page={page} last={last} href={(p) => pageHref('/businesses', p)} />}
      {data && !beyond && (
        <div className="tiles">
          <div>
            <strong>{formatCount(data.totalCount)}</strong> Total Businesses
          </div>
          <div>
            <strong>{page}</strong> Current Page
          </div>
          <div>
            <strong>{Math.min(data.totalPages, PUBLIC_MAX_PAGE)}</strong> Total Pages
          </div>
          <div>
            <strong>{PAGE_SIZES.businesses}</strong> Per Page
          </div>
        </div>
      )}
      {isLoading && !data && <SkeletonCards count={12} label="Loading businesses..." />}
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
          <ShowingRange
            page={page}
            pageSize={PAGE_SIZES.businesses}
            total={data.totalCount}
            one="business"
            many="businesses"
            paged
            searchAll="/search"
          />
          <div
            className={`${view === 'grid' ? 'grid' : 'list'}${isLoading ? ' busy' : ''}`}
            aria-busy={isLoading || undefined}
          >
            {data.businesses.map((b) => (
              <BusinessCard key={b.id} business={b} row={view === 'list'} />
            ))}
          </div>
          <Pager page={page} total={Math.min(data.totalPages, PUBLIC_MAX_PAGE)} onPage={goTo} withEnds />
        </>
      )}
    </section>
  );
}
