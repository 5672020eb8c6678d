/** What the category, country and city pages share: the letter strip, the grid beside its sidebar, list paging. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { BusinessCard } from '../../components/BusinessCard.js';
import { Pager } from '../../components/Pager.js';
import type { BusinessListing } from '@directory/core/wire/listing.js';
import { plural } from '../../lib/format.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
export const TEN_MINUTES = 10 * 60 * 1000;
export const TWO_HOURS = 2 * 60 * 60 * 1000;
export const LIST_PAGE = 24;

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
  const without = left > 0 ? ` (${left} without a ${what})` : '';
  return `${plural(totals.businesses, 'business', 'businesses')}${without}`;
}

export function useListPage<T>(items: T[] | undefined, filter: (item: T) => boolean) {
  const [page, setPage] = useState(1);
  const matching = items?.filter(filter) ?? [];
  const total = Math.ceil(matching.length / LIST_PAGE);
  return { page, setPage, total, shown: matching.slice((page - 1) * LIST_PAGE, page * LIST_PAGE), matching };
}
