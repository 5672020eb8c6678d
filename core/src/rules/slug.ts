/**
 * Slug of a category, country or city name: lowercase, whitespace to dashes (public spec §2).
 * Letters of every script and accents are kept so that the name round-trips through the URL;
 * only characters that would break a path segment (/ ? # % \) become dashes too.
 */
export function slugify(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .normalize('NFC')
    .trim()
    .toLocaleLowerCase('en-US')
    .replace(/[\s/?#%\\]+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The reverse the spec uses for titles: dashes read as spaces. */
export function unslugify(slug: string): string {
  return slug.replace(/-/g, ' ');
}

/** Public spec §5: a trailing dash plus six lowercase alphanumerics is stripped for one retry. */
export function stripSlugSuffix(slug: string): string | null {
  const match = /^(.+)-[a-z0-9]{6}$/.exec(slug);
  return match ? match[1] : null;
}

/** Slug of a business: ascii-ish words of the name and city plus a short suffix that makes it unique. */
export function businessSlug(name: string, city: string | null | undefined, uniqueSource: string): string {
  const words = `${name} ${city ?? ''}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return `${words || 'business'}-${shortHash(uniqueSource)}`;
}

/** Six base-36 characters derived from a stable source (place id), so re-imports give the same slug. */
export function shortHash(source: string): string {
  // FNV-1a, 32 bit, twice with different seeds for 6 base-36 characters without collisions in practice.
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  const n = ((h1 >>> 0) % 46656) * 46656 + ((h2 >>> 0) % 46656);
  return n.toString(36).padStart(6, '0').slice(-6);
}
