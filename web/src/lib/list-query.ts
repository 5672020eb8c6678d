import { useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';

/** The orders a list offers: most businesses first (the api's order) or A–Z. */
export type ListSort = 'count' | 'name';
export type ListView = 'grid' | 'list';
/** The smallest numbers of businesses the Filters panel offers. */
export const MIN_BUSINESSES = [0, 10, 100, 1000] as const;

/**
 * What a visitor chose on a list (the categories, countries and cities, the business list's view), kept in its
 * address ("?q=zurich&sort=name&min=10&view=list") so a shared or reloaded address shows the same list.
 */
export interface ListQuery {
  q: string;
  sort: ListSort;
  minBusinesses: number;
  view: ListView;
}

export const NO_LIST_QUERY: ListQuery = { q: '', sort: 'count', minBusinesses: 0, view: 'grid' };

/** Reads the choices from a query string; a value the list does not offer reads as its default. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const min = Number(params.get('min'));
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    sort: params.get('sort') === 'name' ? 'name' : 'count',
    minBusinesses: (MIN_BUSINESSES as readonly number[]).includes(min) ? min : 0,
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** The choices that differ from the defaults, in one order (so equal lists share one address and cache entry). */
export function listQueryEntries(query: ListQuery): [string, string][] {
  const entries: [string, string][] = [];
  if (query.q) entries.push(['q', query.q]);
  if (query.sort !== 'count') entries.push(['sort', query.sort]);
  if (query.minBusinesses) entries.push(['min', String(query.minBusinesses)]);
  if (query.view !== 'grid') entries.push(['view', query.view]);
  return entries;
}

/**
 * The list's choices from the address, and a setter that replaces the address (no history entry per keystroke).
 * A new text, order or minimum starts again at page 1; the view keeps the page. The text typed is also held here:
 * the address follows it (the router renders the new address in a transition, a keystroke later at times), so it
 * is read back from the address only when another navigation brings one (Back, a letter's link).
 */
export function useListQuery(): [ListQuery, (changes: Partial<ListQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigationType();
  const query = parseListQuery(params);
  const [text, setText] = useState(query.q);
  const [entry, setEntry] = useState(location.key);
  if (entry !== location.key) {
    setEntry(location.key);
    if (navigation !== 'REPLACE') setText(query.q);
  }
  const update = (changes: Partial<ListQuery>) => {
    if (changes.q !== undefined) setText(changes.q);
    setParams(
      (current) => {
        const next = { ...parseListQuery(current), ...changes };
        const page = current.get('page');
        const keepsPage = Object.keys(changes).every((name) => name === 'view');
        const updated = new URLSearchParams(listQueryEntries(next));
        if (page && keepsPage) updated.set('page', page);
        return updated;
      },
      { replace: true },
    );
  };
  return [{ ...query, q: text }, update];
}
