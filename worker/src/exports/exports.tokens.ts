/** Injection tokens of the exports module: its own small pg pool and the validated configuration. */
export const EXPORTS_POOL = Symbol('EXPORTS_POOL');
export const EXPORTS_CONFIG = Symbol('EXPORTS_CONFIG');
