/** Injection token of the slug fix's own pg pool. */
export const SLUGS_POOL = Symbol('SLUGS_POOL');
