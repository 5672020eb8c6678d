import { type BusinessFacts, businessDescription, businessTitle, SITE_NAME } from '../lib/business.js';
import { formatCount, nounFor, plural } from '../lib/format.js';
import { type PublicPage, LEGAL_PAGES, listPageNumber } from './routes.js';

const DEFAULT_DESCRIPTION = 'Discover businesses worldwide by category, country and city.';

/**
 * What a page puts in <head>: title, description, canonical address and Open Graph. (The business page
 * renders its JSON-LD LocalBusiness in the page body, so the server's HTML carries it too.)
 */
export interface Head {
  title: string;
  description: string;
  /** The canonical path (and query) on the site's public address. */
  path: string;
  ogType: 'website' | 'business.business';
  image?: string | null;
  noindex?: boolean;
}

const enc = encodeURIComponent;

const NOT_FOUND: Omit<Head, 'path'> = {
  title: `Page not found | ${SITE_NAME}`,
  description: 'The page you are looking for does not exist.',
  ogType: 'website',
  noindex: true,
};

/**
 * The head of a page from its primary data (undefined while loading or when it failed: `failed` tells
 * which). Titles follow public spec §2 where it gives them.
 */
export function pageHead(page: PublicPage, data: unknown, failed: boolean): Head {
  const head = headOf(page, data, failed);
  // A later page of a list is its own page to search engines (its canonical address names the page).
  const number = listPageNumber(page);
  if (page.kind === 'businesses' || number === undefined || number <= 1 || head.path.includes('?')) return head;
  return { ...head, path: `${head.path}?page=${number}` };
}

function headOf(page: PublicPage, data: unknown, failed: boolean): Head {
  const site = (title: string) => `${title} | ${SITE_NAME}`;
  const simple = (title: string, path: string, description = DEFAULT_DESCRIPTION): Head => ({
    title: site(title),
    description,
    path,
    ogType: 'website',
  });
  const missing = (path: string): Head => (failed ? { ...NOT_FOUND, path } : simple('Loading', path));
  switch (page.kind) {
    case 'home':
      return {
        title: `${SITE_NAME} — Find trusted businesses worldwide`,
        description: DEFAULT_DESCRIPTION,
        path: '/',
        ogType: 'website',
      };
    case 'business': {
      const b = data as BusinessFacts | undefined;
      if (!b) return missing(`/business/${enc(page.slug)}`);
      return {
        title: businessTitle(b),
        description: businessDescription(b),
        // The business's own address: a suffixed or otherwise resolved slug points search engines to it.
        path: `/business/${enc(b.slug)}`,
        ogType: 'business.business',
        image: b.photo,
      };
    }
    case 'businesses':
      if (failed) return { ...NOT_FOUND, path: `/businesses?page=${page.page}` };
      return simple(
        page.page > 1 ? `Businesses — page ${page.page}` : 'Businesses',
        page.page > 1 ? `/businesses?page=${page.page}` : '/businesses',
        'Browse every business in the directory with its rating, address and phone.',
      );
    case 'search': {
      const what = [page.q && `“${page.q}”`, page.location && `in ${page.location}`].filter(Boolean).join(' ');
      const query = new URLSearchParams();
      if (page.q) query.set('q', page.q);
      if (page.location) query.set('location', page.location);
      return {
        ...simple(`${what ? `${what} - ` : ''}Search`, query.size ? `/search?${query}` : '/search'),
        // Result pages are endless combinations: crawlers follow their links but do not index them.
        noindex: true,
      };
    }
    case 'categories':
      return simple(
        `Categories${page.letter ? ` — ${page.letter.toUpperCase()}` : ''}`,
        page.letter ? `/categories/${enc(page.letter.toLowerCase())}` : '/categories',
        'Business categories of the directory, from A to Z, with how many businesses each has.',
      );
    case 'category': {
      const c = data as { category: string; businessCount: number; countryCount: number } | undefined;
      if (!c) return missing(`/categories/${enc(page.slug)}`);
      return simple(
        c.category,
        `/categories/${enc(page.slug)}`,
        `${formatCount(c.businessCount)} ${c.category} ${nounFor(c.businessCount, 'business', 'businesses')} in ${plural(c.countryCount, 'country', 'countries')}.`,
      );
    }
    case 'countries':
      return simple('Countries', '/countries', 'Businesses of the directory by country.');
    case 'country': {
      const c = data as { country: string; slug: string; businessCount: number; cityCount: number } | undefined;
      if (!c) return missing(`/countries/${enc(page.slug)}`);
      // Read by its ISO code (/countries/ch, as the business page links it) or its name: one page, the name's.
      return simple(
        `Businesses in ${c.country}`,
        `/countries/${enc(c.slug)}`,
        `${plural(c.businessCount, 'business', 'businesses')} in ${plural(c.cityCount, 'city', 'cities')} of ${c.country}.`,
      );
    }
    case 'country-cities': {
      const c = data as { slug: string } | undefined;
      return simple('Cities', `/countries/${enc(c?.slug ?? page.slug)}/cities`);
    }
    case 'cities':
      return simple(
        `Cities${page.letter ? ` — ${page.letter.toUpperCase()}` : ''}`,
        page.letter ? `/cities/${enc(page.letter.toLowerCase())}` : '/cities',
        'Cities of the directory with how many businesses and categories each has.',
      );
    case 'city': {
      const c = data as { city: string; country: string; businessCount: number } | undefined;
      const path = `/cities/${enc(page.countryCode)}/${enc(page.citySlug)}`;
      if (!c) return missing(path);
      return simple(
        `${c.city}, ${c.country}`,
        path,
        `${plural(c.businessCount, 'business', 'businesses')} in ${c.city}, ${c.country}.`,
      );
    }
    case 'contact':
      return simple('Contact Us', '/contact', 'Write to WorldBiz Directory: we reply within 24 hours.');
    case 'legal':
      return simple(LEGAL_PAGES[page.page], `/${page.page}`);
    default:
      return { ...NOT_FOUND, path: '/' };
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * JSON that is safe inside a <script> element: `<` (so no `</script>` or `<!--`) and the line separators
 * U+2028/U+2029 are written as escapes; JSON.parse reads them back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The <head> tags of a page except <title>, each marked data-head so that client-side navigation replaces
 * exactly these (admin snippets injected into <head> are left alone).
 */
export function headTags(head: Head, origin: string): string {
  const url = `${origin}${head.path}`;
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" data-head>`;
  return [
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex, follow') : '',
    `<link rel="canonical" href="${escapeHtml(url)}" data-head>`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    head.image ? meta('property', 'og:image', head.image) : '',
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
  ].join('');
}

export function headHtml(head: Head, origin: string): string {
  return `<title>${escapeHtml(head.title)}</title>${headTags(head, origin)}`;
}

/** Client-side navigation: the same head as the server would send, applied to the document. */
export function applyHead(head: Head, origin: string): void {
  document.title = head.title;
  const template = document.createElement('template');
  template.innerHTML = headTags(head, origin);
  document.head.querySelectorAll('[data-head]').forEach((node) => node.remove());
  document.head.append(template.content);
}
