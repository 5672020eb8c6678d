/** What the category, country and city pages share: the letter strip, the grid beside its sidebar, list paging. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { BusinessCard } from '../../components/BusinessCard.js';
import { Pager } from '../../components/Pager.js';
import type { BusinessListing } from '@directory/core/wire/listing.js';
import { PAGE_SIZES } from '@directory/core/wire/paging.js';
import { formatCount, plural } from '../../lib/format.js';
import { type ListQuery, type ListSort, type ListView, MIN_BUSINESSES } from '../../lib/list-query.js';
import { usePageParam } from '../../lib/usePageParam.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
export const TEN_MINUTES = 10 * 60 * 1000;
export const TWO_HOURS = 2 * 60 * 60 * 1000;
/** The category, country and city lists' page size (public spec §9). */
export const LIST_PAGE = PAGE_SIZES.directory;

export function LetterStrip({ base, current }: { base: string; current?: string }) {
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
export function GridWithSidebar(props: {
  businesses: BusinessListing[];
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  sidebarTitle: string;
  sidebar: { key: string; to: string; label: string; count: number }[];
  /** Another page is on its way: the current one stays, dimmed. */
  busy?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <section className="with-sidebar">
      <div>
        {props.children}
        <div className={`grid${props.busy ? ' busy' : ''}`} aria-busy={props.busy || undefined}>
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
              <Link to={item.to}>{item.label}</Link> ({formatCount(item.count)})
            </li>
          ))}
        </ul>
      </aside>
    </section>
  );
}

/** The directory's totals, and how many businesses have no category, country or city (the lists leave them out). */
export interface DirectoryTotals {
  businesses: number;
  withoutCategory: number;
  withoutCountry: number;
  withoutCity: number;
}

/** The one source of the directory's totals (the home data): every page that states a total states this one. */
export const DIRECTORY_TOTALS_KEY = '/api/homepage-data';

export function useDirectoryTotals(): DirectoryTotals | undefined {
  const { data } = useSWR<{ totals: DirectoryTotals }>(DIRECTORY_TOTALS_KEY, { dedupingInterval: TWO_HOURS });
  return data?.totals;
}

/**
 * What a list page says of its businesses: the directory's total and how many the list leaves out, when the list
 * is whole; a letter's list, the businesses it holds.
 */
export function listedBusinesses(
  listed: number,
  totals: DirectoryTotals | undefined,
  left: number | undefined,
  what: string,
) {
  if (!totals || left === undefined) return plural(listed, 'business', 'businesses');
  const without = left > 0 ? ` (${formatCount(left)} without a ${what})` : '';
  return `${plural(totals.businesses, 'business', 'businesses')}${without}`;
}

/** The Filters panel of a list (public spec §2): order and a smallest number of businesses, kept in the address. */
export type ListFilterState = Pick<ListQuery, 'sort' | 'minBusinesses'>;

/**
 * One page of a list held whole in the browser (categories, countries, cities): the page number lives in the
 * address; the text filter and the Filters panel choose and order what is paged.
 */
export function useListPage<T>(
  items: T[] | undefined,
  filter: (item: T) => boolean,
  facts?: { name: (item: T) => string; count: (item: T) => number; filters: ListFilterState },
) {
  const [page, setPage] = usePageParam();
  let matching = items?.filter(filter) ?? [];
  if (facts) {
    const { name, count, filters } = facts;
    matching = matching.filter((item) => count(item) >= filters.minBusinesses);
    // The api answers by count, largest first; A–Z is the visitor's choice.
    if (filters.sort === 'name') matching = [...matching].sort((a, b) => name(a).localeCompare(name(b)));
  }
  const total = Math.ceil(matching.length / LIST_PAGE);
  return {
    page,
    setPage,
    total,
    /** The address asks for a page the list does not have. */
    beyond: items !== undefined && page > Math.max(1, total),
    shown: matching.slice((page - 1) * LIST_PAGE, page * LIST_PAGE),
    matching,
  };
}

/** The Filters button and its panel, and the grid/list toggle where a list has one. */
export function ListTools(props: {
  filters: ListFilterState;
  onFilters: (filters: ListFilterState) => void;
  view?: ListView;
  onView?: (view: ListView) => void;
}) {
  const { filters, onFilters } = props;
  // An address with a chosen order or minimum opens with the panel that says so.
  const [open, setOpen] = useState(filters.sort !== 'count' || filters.minBusinesses > 0);
  return (
    <div className="list-tools">
      <button
        type="button"
        className="secondary"
        aria-expanded={open}
        aria-controls="list-filters"
        onClick={() => setOpen(!open)}
      >
        Filters
      </button>
      {props.view && props.onView && (
        <button
          type="button"
          className="secondary"
          aria-pressed={props.view === 'list'}
          onClick={() => props.onView!(props.view === 'grid' ? 'list' : 'grid')}
        >
          {props.view === 'grid' ? 'List view' : 'Grid view'}
        </button>
      )}
      {open && (
        <fieldset id="list-filters" className="list-filters">
          <legend className="sr-only">Filters</legend>
          <label>
            Sort by{' '}
            <select value={filters.sort} onChange={(e) => onFilters({ ...filters, sort: e.target.value as ListSort })}>
              <option value="count">Most businesses</option>
              <option value="name">Name (A–Z)</option>
            </select>
          </label>
          <label>
            Businesses{' '}
            <select
              aria-label="Businesses"
              value={filters.minBusinesses}
              onChange={(e) => onFilters({ ...filters, minBusinesses: Number(e.target.value) })}
            >
              {MIN_BUSINESSES.map((n) => (
                <option key={n} value={n}>
                  {n === 0 ? 'Any number' : `${n.toLocaleString('en-US')} or more`}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
      )}
    </div>
  );
}
