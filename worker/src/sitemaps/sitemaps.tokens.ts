/** Injection tokens of the sitemaps module: its own pg pool and the validated configuration. */
export const SITEMAPS_POOL = Symbol('SITEMAPS_POOL');
export const SITEMAPS_CONFIG = Symbol('SITEMAPS_CONFIG');
