import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * A value only the browser knows (the visitor's weekday, whether geolocation exists): `serverValue` on the
 * server and while hydrating, so the first render matches the server's HTML, then the browser's value.
 * `read` must return the same value on repeated calls (a primitive).
 */
export function useClientValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(subscribe, read, () => serverValue);
}
