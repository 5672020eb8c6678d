import { matchPath } from 'react-router-dom';
import { listPageOf, listReadPage, pastLastPage } from '../lib/format.js';
import { listQueryEntries, parseListQuery } from '../lib/list-query.js';
import { parseSearch, searchApiUrl, searchToParams } from '../lib/search.js';
import { PAGE_SIZES } from '@directory/core/wire/paging.js';

/**
 * What the server needs to render a public page: the api reads (the exact SWR keys the page's components
 * use, so the client starts from the server's data) and what the page is. Plain functions: they run in
 * Node (api/src/web-app) and in the browser (head updates on client-side navigation).
 */
export type PublicPage =
  | { kind: 'home' }
  | { kind: 'business'; slug: string }
  | { kind: 'businesses'; page: number }
  | { kind: 'search'; q: string; location: string }
  | { kind: 'categories'; letter?: string; page: number }
  | { kind: 'category'; slug: string; page: number }
  | { kind: 'countries'; page: number }
  | { kind: 'country'; slug: string; page: number }
  | { kind: 'country-cities'; slug: string; page: number; q: string }
  | { kind: 'cities'; letter?: string; page: number }
  | { kind: 'city'; countryCode: string; citySlug: string; page: number }
  | { kind: 'contact' }
  | { kind: 'legal'; page: LegalPage }
  | { kind: 'not-found' };

export const LEGAL_PAGES = {
  'privacy-policy': 'Privacy Policy',
  'legal-notice': 'Legal Notice',
  'terms-of-service': 'Terms of Service (AGB)',
  'cookie-policy': 'Cookie Policy',
} as const;
export type LegalPage = keyof typeof LEGAL_PAGES;

/** Addresses the web app leaves to the browser: the admin back office (its own lazy bundle). */
export function isClientOnly(pathname: string): boolean {
  return /^\/admin(-legacy)?(\/|$)/.test(pathname);
}

const enc = encodeURIComponent;

/**
 * Whether a one-character address is a letter of the A–Z lists (/categories/b, /cities/é): one letter, also upper
 * case (the api reads it so). Anything else (/cities/1, /categories/-) names no page.
 */
export const isListLetter = (text: string) => /^\p{L}$/u.test(text) && /^\p{L}$/u.test(text.toUpperCase());

/**
 * The SWR key of one business (BusinessDetail), read by its slug in lower case: business slugs are lower case, so
 * /business/PIZZA-BAR finds its business, and the server answers 301 to its address (movedTo).
 */
export const businessKey = (slug: string) => `/api/businesses/${enc(slug.toLowerCase())}`;
/** A page of a category's businesses (CategoryDetail). */
export const categoryKey = (slug: string, page = 1) =>
  `/api/categories/${enc(slug)}?page=${page}&limit=${PAGE_SIZES.placeBusinesses}`;
export const countryKey = (slug: string) => `/api/countries/${enc(slug)}`;
export const countryCitiesKey = (slug: string, page = 1, q = '') =>
  `/api/countries/${enc(slug)}/cities?page=${page}&limit=${PAGE_SIZES.countryCities}&q=${enc(q)}`;
export const cityKey = (countryCode: string, citySlug: string, page = 1) =>
  `/api/cities/${enc(countryCode)}/${enc(citySlug)}?page=${page}&limit=${PAGE_SIZES.placeBusinesses}`;
export const categoriesKey = (letter?: string) =>
  letter ? `/api/categories?letter=${enc(letter.toUpperCase())}` : '/api/categories';
export const citiesKey = (letter?: string) =>
  letter ? `/api/cities?letter=${enc(letter.toUpperCase())}` : '/api/cities';
export const businessesKey = (page: number) => `/api/businesses?page=${page}`;

/** The path as react-router matches it: each segment percent-decoded (a decoded "/" stays encoded). */
function decodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** Which public page an address is (the route table of App.tsx, in its order). */
export function matchPublicPage(rawPathname: string, search: string): PublicPage {
  const pathname = decodePath(rawPathname);
  const m = (pattern: string) => matchPath(pattern, pathname)?.params;
  const params = new URLSearchParams(search);
  const page = listPageOf(params.get('page'));
  let p;
  if (m('/')) return { kind: 'home' };
  if ((p = m('/business/:slug'))) return { kind: 'business', slug: p.slug! };
  if (m('/businesses')) return { kind: 'businesses', page };
  if (m('/search')) {
    const state = parseSearch(params);
    return { kind: 'search', q: state.q, location: state.location };
  }
  if (m('/categories')) return { kind: 'categories', page };
  if ((p = m('/categories/:slug'))) {
    if (p.slug!.length !== 1) return { kind: 'category', slug: p.slug!, page };
    return isListLetter(p.slug!) ? { kind: 'categories', letter: p.slug, page } : { kind: 'not-found' };
  }
  if (m('/countries')) return { kind: 'countries', page };
  if ((p = m('/countries/:slug'))) return { kind: 'country', slug: p.slug!, page };
  if ((p = m('/countries/:slug/cities')))
    return { kind: 'country-cities', slug: p.slug!, page, q: parseListQuery(params).q };
  if (m('/cities')) return { kind: 'cities', page };
  if ((p = m('/cities/:letter')))
    return p.letter!.length === 1 && !isListLetter(p.letter!)
      ? { kind: 'not-found' }
      : { kind: 'cities', letter: p.letter, page };
  if ((p = m('/cities/:countryCode/:citySlug')))
    return { kind: 'city', countryCode: p.countryCode!, citySlug: p.citySlug!, page };
  if (m('/contact')) return { kind: 'contact' };
  const legal = pathname.slice(1);
  if (Object.hasOwn(LEGAL_PAGES, legal)) return { kind: 'legal', page: legal as LegalPage };
  return { kind: 'not-found' };
}

/** The page number of a paged list's address ("?page=N", 1 when absent); undefined on pages that are no list. */
export function listPageNumber(page: PublicPage): number | undefined {
  return page.kind === 'legal' || !('page' in page) ? undefined : page.page;
}

/** What each list keeps of the visitor's choices in its address (lib/list-query.ts), in pageAddress's order. */
const LIST_CHOICES: Partial<Record<PublicPage['kind'], readonly string[]>> = {
  categories: ['q', 'sort', 'min', 'view'],
  countries: ['q', 'sort', 'min'],
  cities: ['q', 'sort', 'min'],
  'country-cities': ['q'],
  businesses: ['view'],
};

/** The list's choices its address holds, those the page reads only (ListQuery). */
export function listChoices(page: PublicPage, search: string): [string, string][] {
  const kept = LIST_CHOICES[page.kind] ?? [];
  return listQueryEntries(parseListQuery(new URLSearchParams(search))).filter(([name]) => kept.includes(name));
}

/**
 * The address a page is rendered and cached as: its path, plus only what the page reads of the query string (a
 * list's choices and page number; the search's state), in one order. Unknown or repeated parameters make no new rendering
 * (nor cache entry).
 */
export function pageAddress(page: PublicPage, pathname: string, search: string): string {
  const list = listPageNumber(page);
  if (list !== undefined) {
    const query = new URLSearchParams(listChoices(page, search));
    if (list > 1) query.set('page', String(list));
    return query.size ? `${pathname}?${query}` : pathname;
  }
  if (page.kind !== 'search') return pathname;
  const query = searchToParams(parseSearch(new URLSearchParams(search))).toString();
  return query ? `/search?${query}` : '/search';
}

export interface PageData {
  /** Every api read the page makes on its first render. */
  keys: string[];
  /** The read that decides whether the page exists: its 404 makes the page a 404. */
  primary?: string;
  /** A client-side redirect the page performs at once (answered by the server as a redirect). */
  redirect?: string;
}

export function pageData(page: PublicPage, search: string): PageData {
  switch (page.kind) {
    case 'home':
      return { keys: ['/api/homepage-data', '/api/featured-businesses'] };
    case 'business':
      // Not the ad codes: they follow the settings, not the catalogue the page cache is invalidated by.
      return { keys: [businessKey(page.slug)], primary: businessKey(page.slug) };
    case 'businesses':
      return { keys: [businessesKey(listReadPage(page.page))] };
    case 'search':
      return { keys: [searchApiUrl(parseSearch(new URLSearchParams(search)))] };
    case 'categories':
      return { keys: [categoriesKey(page.letter), '/api/homepage-data'] };
    case 'category': {
      const key = categoryKey(page.slug, listReadPage(page.page));
      return { keys: [key], primary: key };
    }
    case 'countries':
      return { keys: ['/api/countries', '/api/homepage-data'] };
    case 'country':
      return { keys: [countryKey(page.slug)], primary: countryKey(page.slug) };
    case 'country-cities': {
      const key = countryCitiesKey(page.slug, listReadPage(page.page), page.q);
      return { keys: [key], primary: key };
    }
    case 'cities':
      // Cities renders <Navigate to="/cities"> for a "letter" longer than one character.
      if (page.letter && page.letter.length !== 1) return { keys: [], redirect: '/cities' };
      return { keys: [citiesKey(page.letter), '/api/homepage-data'] };
    case 'city': {
      const key = cityKey(page.countryCode, page.citySlug, listReadPage(page.page));
      return { keys: [key], primary: key };
    }
    default:
      return { keys: [] };
  }
}

/**
 * Whether the page's data shows that its address names nothing: a page past the last one (or over 100) of the
 * business list, of a category's or a city's businesses, of a country's cities, or of a country's categories. The
 * page states it, and the server answers 404.
 */
export function outOfRange(page: PublicPage, fallback: Record<string, unknown>): boolean {
  const number = listPageNumber(page);
  if (number === undefined) return false;
  if (page.kind === 'country') {
    const country = fallback[countryKey(page.slug)] as { topCategories?: unknown } | undefined;
    if (!Array.isArray(country?.topCategories)) return false;
    return pastLastPage(number, countryCategoryPages(country.topCategories.length));
  }
  const key =
    page.kind === 'businesses'
      ? businessesKey(listReadPage(page.page))
      : page.kind === 'category' || page.kind === 'city' || page.kind === 'country-cities'
        ? pageData(page, '').primary
        : undefined;
  if (!key) return false;
  const list = fallback[key] as { totalPages?: unknown } | undefined;
  return typeof list?.totalPages === 'number' && pastLastPage(number, list.totalPages);
}

/** The pages of a country's popular categories (public spec §2: 20 a page). */
export const countryCategoryPages = (categories: number) => Math.ceil(categories / PAGE_SIZES.countryCategories);

/**
 * Where a page's content lives when its address is an old one: a business found by a renamed slug (or by
 * the slug without its suffix) answers from its current address, and a category, country or city read by an
 * alias (another spelling, an old slug, the name without accents: the api answers it with a 301 the read
 * follows) answers under its canonical slug; the server sends 301 there.
 */
export function movedTo(page: PublicPage, primary: unknown): string | undefined {
  if (!primary || typeof primary !== 'object') return undefined;
  const slug = (primary as { slug?: unknown }).slug;
  if (typeof slug !== 'string') return undefined;
  switch (page.kind) {
    case 'business':
      return slug !== page.slug ? `/business/${enc(slug)}` : undefined;
    case 'category':
      return slug !== page.slug ? `/categories/${enc(slug)}` : undefined;
    case 'country':
      return slug !== page.slug && !isCountryCode(page.slug, primary) ? `/countries/${enc(slug)}` : undefined;
    case 'country-cities':
      return slug !== page.slug && !isCountryCode(page.slug, primary) ? `/countries/${enc(slug)}/cities` : undefined;
    case 'city':
      return slug !== page.citySlug || page.countryCode !== page.countryCode.toLowerCase()
        ? `/cities/${enc(page.countryCode.toLowerCase())}/${enc(slug)}`
        : undefined;
    default:
      return undefined;
  }
}

/** /countries/us is the country's page by its code (public spec), not an old address. */
function isCountryCode(address: string, primary: object): boolean {
  const code = (primary as { countryCode?: unknown }).countryCode;
  return typeof code === 'string' && address.toLowerCase() === code.toLowerCase();
}
