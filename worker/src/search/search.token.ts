/** Injection token of the worker's OpenedSearch (engine + pool). */
export const SEARCH = Symbol('SEARCH');
