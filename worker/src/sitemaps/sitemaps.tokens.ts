/** Injection tokens of the sitemaps module: its own pg pool. */
export const SITEMAPS_POOL = Symbol('SITEMAPS_POOL');
