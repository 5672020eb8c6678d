/** Injection tokens of the exports module: its own small pg pool. */
export const EXPORTS_POOL = Symbol('EXPORTS_POOL');
