import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { Pager } from '../components/Pager.js';
import { ResultsMap } from '../components/ResultsMap.js';
import { SearchBox } from '../components/SearchBox.js';
import { SEARCH_MAX_PAGE } from '@directory/core/wire/paging.js';
import {
  parseSearch,
  resultCount,
  roundCoordinate,
  searchApiUrl,
  searchErrorMessage,
  searchToParams,
  type SearchResponse,
  type SearchState,
  type Sort,
} from '../lib/search.js';
import { useGeolocation } from '../lib/useGeolocation.js';
import { prettySlug, SearchFilters } from './search/SearchFilters.js';
import { NoResults } from './search/NoResults.js';
import { ResultsList, ResultsSkeleton } from './search/SearchResults.js';

const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Relevance',
  rating: 'Highest rated',
  reviews: 'Most reviewed',
  distance: 'Distance',
  name: 'Name (A–Z)',
};

/** Navigation state other pages may pass to open the filter panel on arrival (the business list's Filters). */
export interface SearchNavigationState {
  openFilters?: boolean;
  /** Arrived from another page's search form: focus goes to the results heading once they are in. */
  focusResults?: boolean;
}

/** The keyword and place inputs; a new search keeps the rating, open-now, distance and sort choices. */
function SearchForm(props: { q: string; location: string; onSearch: (q: string, location: string) => void }) {
  const [what, setWhat] = useState(props.q);
  const [where, setWhere] = useState(props.location);
  return (
    <form
      role="search"
      className="search-form search-page-form"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSearch(what.trim(), where.trim());
      }}
    >
      <SearchBox
        kind="what"
        label="Search businesses"
        value={what}
        onChange={setWhat}
        placeholder="Search businesses..."
        location={where}
      />
      <SearchBox kind="where" label="Location" value={where} onChange={setWhere} placeholder="Location" />
      <button type="submit">Search</button>
    </form>
  );
}

/**
 * /search: keyword and place, facet filters with counts, rating, open now, distance from the visitor, sort,
 * a map of the page's businesses and paging. The whole search lives in the address, so it can be shared
 * and the browser's back button walks through it.
 */
export function Search() {
  const [params, setParams] = useSearchParams();
  const arrival = useLocation().state as SearchNavigationState | null;
  const state = useMemo(() => parseSearch(params), [params]);
  const [filtersOpen, setFiltersOpen] = useState(Boolean(arrival?.openFilters));
  // After a search the form is replaced (its key follows the words), so focus would fall to <body>: it goes
  // to the results heading once the new results are in, where a screen reader reads the count.
  const [focusResults, setFocusResults] = useState(Boolean(arrival?.focusResults));
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const [mapShown, setMapShown] = useState(true);
  /** "Search as I move the map": off until the visitor ticks it. */
  const [searchAsMoved, setSearchAsMoved] = useState(false);
  // Phones show the list or the map, as the visitor toggles; wider screens show both side by side.
  const [phoneView, setPhoneView] = useState<'list' | 'map'>('list');
  /** The hit hovered or focused, on its card or its marker: both are marked. */
  const [activeId, setActiveId] = useState<number | null>(null);
  const sortId = useId();
  const filtersId = useId();

  // The address asked for last, and the rendered one it was asked from: the router renders a new address in a
  // transition, so a second change made before that (two filters picked quickly) builds on the address asked for,
  // not on the rendered one, which would drop the first change.
  const asked = useRef<{ from: URLSearchParams; to: URLSearchParams } | null>(null);
  /** A new address for the search; `replace` for the map's own moves (no history entry per pan). */
  const go = (next: SearchState, replace = false) => {
    const to = searchToParams(next);
    asked.current = { from: params, to };
    setParams(to, { replace });
  };
  /** Any change but paging starts again at page 1. */
  const update = (changes: Partial<SearchState>) => {
    const latest = asked.current?.from === params ? parseSearch(asked.current.to) : state;
    go({ ...latest, page: 1, ...changes });
  };
  const geolocation = useGeolocation((latitude, longitude) =>
    update({ lat: roundCoordinate(latitude), lng: roundCoordinate(longitude), sort: 'distance' }),
  );
  const hasPoint = state.lat !== undefined && state.lng !== undefined;

  const { data, error, isLoading, isValidating, mutate } = useSWR<SearchResponse>(searchApiUrl(state), {
    keepPreviousData: true,
    // A refused search (400) will be refused again: only failures of the network or the server are retried.
    shouldRetryOnError: (err) => !/^4\d\d:/.test(err.message),
  });

  const hits = data?.businesses ?? [];
  const labels = {
    category:
      data?.facets?.category?.find((f) => f.value === state.category)?.label ??
      hits.find((h) => h.categorySlug === state.category)?.category ??
      prettySlug(state.category),
    country:
      data?.facets?.country?.find((f) => f.value === state.country)?.label ??
      hits.find((h) => h.countryCode === state.country)?.country ??
      state.country,
    city:
      data?.facets?.city?.find((f) => f.value === state.city)?.label ??
      hits.find((h) => h.citySlug === state.city)?.city ??
      prettySlug(state.city),
  };
  const chips: { label: string; clear: Partial<SearchState> }[] = [];
  if (state.category) chips.push({ label: `Category: ${labels.category}`, clear: { category: '' } });
  if (state.country) chips.push({ label: `Country: ${labels.country}`, clear: { country: '', city: '' } });
  if (state.city) chips.push({ label: `City: ${labels.city}`, clear: { city: '' } });
  if (state.minRating) chips.push({ label: `${state.minRating}+ stars`, clear: { minRating: undefined } });
  if (state.openNow) chips.push({ label: 'Open now', clear: { openNow: false } });
  if (state.radiusKm !== undefined)
    chips.push({ label: `Within ${state.radiusKm} km`, clear: { radiusKm: undefined } });
  if (state.bbox) chips.push({ label: 'In the map area', clear: { bbox: undefined } });
  const clearFilters = () =>
    update({
      category: '',
      country: '',
      city: '',
      minRating: undefined,
      openNow: false,
      radiusKm: undefined,
      bbox: undefined,
    });

  const failure = error ? searchErrorMessage(error) : null;
  const settled = (!!data || !!error) && !isValidating;
  useEffect(() => {
    if (!focusResults || !settled) return;
    resultsHeading.current?.focus();
    setFocusResults(false);
  }, [focusResults, settled]);
  const busy = isValidating && !!data;
  const totalPages = data ? Math.min(data.totalPages, SEARCH_MAX_PAGE) : 0;
  const heading = [
    state.q && `for “${state.q}”`,
    state.location && `in ${state.location}`,
    state.bbox && 'in the map area',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <section className="search-page">
      <h1>Search</h1>
      <SearchForm
        key={`${state.q}\n${state.location}`}
        q={state.q}
        location={state.location}
        onSearch={(q, location) => {
          // The facet choices belong to the previous words; the other choices carry over (the map area too,
          // unless a place was typed).
          update({ q, location, category: '', country: '', city: '', bbox: location ? undefined : state.bbox });
          setFocusResults(true);
        }}
      />

      <div className="search-bar">
        <h2 className="result-count" id="results-heading" tabIndex={-1} ref={resultsHeading}>
          <span role="status">
            {data && !failure && (
              <>
                <strong>{resultCount(data.totalCount, data.exhaustive)}</strong> {heading}
                {typeof data.processingTimeMs === 'number' && (
                  <span className="muted"> ({data.processingTimeMs.toLocaleString('en-US')} ms)</span>
                )}
              </>
            )}
            {!data && isLoading && 'Searching…'}
          </span>
        </h2>
        <div className="search-controls">
          <button
            type="button"
            className="secondary filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            Filters{chips.length ? ` (${chips.length})` : ''}
          </button>
          <label htmlFor={sortId}>Sort by</label>
          <select
            id={sortId}
            value={state.sort}
            onChange={(e) => {
              const sort = e.target.value as Sort;
              if (sort === 'distance' && !hasPoint) geolocation.locate();
              else update({ sort });
            }}
          >
            {(['relevance', 'rating', 'reviews', 'name'] as const).map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
            {hasPoint && <option value="distance">{SORT_LABELS.distance}</option>}
            {!hasPoint && geolocation.available && <option value="distance">Distance (near me)</option>}
          </select>
          <button
            type="button"
            className="secondary map-toggle"
            aria-pressed={mapShown}
            onClick={() => setMapShown(!mapShown)}
          >
            {mapShown ? 'Hide map' : 'Show map'}
          </button>
          <div className="view-toggle" role="group" aria-label="Show results as">
            {(['list', 'map'] as const).map((view) => (
              <button
                key={view}
                type="button"
                className="secondary"
                aria-pressed={phoneView === view}
                onClick={() => setPhoneView(view)}
              >
                {view === 'list' ? 'List' : 'Map'}
              </button>
            ))}
          </div>
        </div>
      </div>

      <div
        className={`search-layout${mapShown || phoneView === 'map' ? ' with-map' : ''}${phoneView === 'map' ? ' phone-map' : ''}`}
      >
        <SearchFilters
          id={filtersId}
          className={`filters${filtersOpen ? ' open' : ''}`}
          state={state}
          facets={data?.facets}
          exhaustive={data?.exhaustive ?? true}
          labels={labels}
          update={update}
          geolocation={geolocation}
        />

        {(mapShown || phoneView === 'map') && (
          <div className="search-map">
            <ResultsMap
              hits={hits}
              originLat={state.lat}
              originLng={state.lng}
              activeId={activeId}
              onActivate={setActiveId}
              area={state.bbox}
              // The same words in the view: the typed place and the radius give way to the box.
              onSearchArea={(bbox, moving) =>
                go({ ...state, page: 1, bbox, location: '', radiusKm: undefined }, moving)
              }
              searchAsMoved={searchAsMoved}
              onSearchAsMoved={setSearchAsMoved}
            />
          </div>
        )}

        <div className="search-results">
          {chips.length > 0 && (
            <ul className="chips active-filters" aria-label="Active filters">
              {chips.map((chip) => (
                <li key={chip.label}>
                  <button type="button" className="chip" onClick={() => update(chip.clear)}>
                    {chip.label} <span aria-hidden="true">×</span>
                    <span className="sr-only">, remove this filter</span>
                  </button>
                </li>
              ))}
              {chips.length > 1 && (
                <li>
                  <button type="button" className="link-button" onClick={clearFilters}>
                    Clear all filters
                  </button>
                </li>
              )}
            </ul>
          )}

          {failure && (
            <div className="notice error" role="alert">
              {failure.invalid ? (
                <>
                  <strong>This search cannot be run.</strong> {failure.text}{' '}
                  <Link to="/search">Start a new search</Link>
                </>
              ) : (
                <>
                  <strong>Unable to search right now.</strong>{' '}
                  {failure.limited ? failure.text : 'Please try again in a moment.'}{' '}
                  <button type="button" className="secondary" onClick={() => void mutate()}>
                    Try again
                  </button>
                </>
              )}
            </div>
          )}

          {!data && isLoading && <ResultsSkeleton />}

          {data && !failure && hits.length === 0 && (
            <>
              {state.page > 1 && data.totalCount > 0 ? (
                <div className="empty">
                  <p>
                    <strong>No businesses found</strong>
                  </p>
                  <button type="button" onClick={() => go({ ...state, page: 1 })}>
                    Back to the first page
                  </button>
                </div>
              ) : (
                <NoResults
                  state={state}
                  alternatives={data.alternatives}
                  hasFilters={chips.length > 0}
                  onClearFilters={clearFilters}
                />
              )}
            </>
          )}

          {data && !failure && hits.length > 0 && (
            <>
              <ResultsList hits={hits} busy={busy} activeId={activeId} onActivate={setActiveId} />
              <Pager
                page={state.page}
                total={totalPages}
                withEnds
                // The new page starts at its top (ScrollMemory), as Back returns to this one where it was.
                onPage={(page) => go({ ...state, page })}
              />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
