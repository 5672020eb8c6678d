import { createContext, useContext, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import useSWR, { type Middleware, type SWRResponse } from 'swr';
import { applyHead, pageHead } from './head.js';
import { matchPublicPage, pageData } from './routes.js';

/**
 * The api answers the server rendered a page with, handed to the browser in the page: answers by SWR key,
 * and failed reads ("404: {…}", as lib/api.ts request() words them) so the page shows the same state.
 */
export interface SsrState {
  fallback: Record<string, unknown>;
  errors: Record<string, string>;
  /** The site's public address (canonical URLs). */
  origin: string;
}

interface SsrContextValue {
  state: SsrState;
  errors: Map<string, Error>;
  server: boolean;
  /**
   * The history entry the document was rendered for (the server's address): its router key, noted at the first
   * read. Not "default" alone: a reload or Back to an entry made by client-side navigation keeps its key.
   */
  first: { key: string | null };
}

const SsrContext = createContext<SsrContextValue | null>(null);

export function SsrProvider(props: { state: SsrState | null; server: boolean; children: React.ReactNode }) {
  const [first] = useState<{ key: string | null }>(() => ({ key: null }));
  const value = props.state
    ? {
        state: props.state,
        errors: new Map(Object.entries(props.state.errors).map(([key, message]) => [key, new Error(message)])),
        server: props.server,
        first,
      }
    : null;
  return <SsrContext.Provider value={value}>{props.children}</SsrContext.Provider>;
}

/**
 * SWR middleware: on the address the server rendered, a key the server read is not fetched again when the
 * page mounts (its answer is the SWRConfig fallback), and a read that failed on the server shows the same
 * error without a request. The same options apply on the server, so both render the same state (loading
 * flags included) and hydration matches. After a client-side navigation SWR behaves as usual.
 */
export const ssrMiddleware: Middleware = (useSWRNext) =>
  function useSsrSWR(key, fetcher, config) {
    const ssr = useContext(SsrContext);
    const entry = useLocation().key;
    if (ssr) ssr.first.key ??= entry;
    const initial = ssr?.first.key === entry;
    const k = typeof key === 'string' ? key : null;
    const seeded =
      ssr !== null && k !== null && (ssr.server || initial) && (k in ssr.state.fallback || ssr.errors.has(k));
    const swr = useSWRNext(key, fetcher, seeded ? { ...config, revalidateOnMount: false } : config);
    const error = seeded ? ssr.errors.get(k!) : undefined;
    if (error && swr.data === undefined && swr.error === undefined) {
      return { mutate: swr.mutate, data: undefined, error, isLoading: false, isValidating: false } as SWRResponse;
    }
    return swr;
  };

/** Keeps <title>, description, canonical, Open Graph and JSON-LD in step with client-side navigation. */
export function HeadSync() {
  const { pathname, search } = useLocation();
  const ssr = useContext(SsrContext);
  const { primary } = pageData(matchPublicPage(pathname, search), search);
  // No fetcher: this only reads the answer the page itself fetches.
  const { data, error } = useSWR(primary ?? null, null);
  const origin = ssr?.state.origin;
  useEffect(() => {
    const base = origin ?? window.location.origin;
    applyHead(pageHead(matchPublicPage(pathname, search), data, error !== undefined), base);
  }, [pathname, search, data, error, origin]);
  return null;
}

/** The site's public address: the server's, as it rendered the page (so hydration matches), else the browser's. */
export function useSiteOrigin(): string {
  const ssr = useContext(SsrContext);
  return ssr?.state.origin ?? (typeof window === 'undefined' ? '' : window.location.origin);
}
