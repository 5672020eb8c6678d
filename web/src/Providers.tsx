import { StrictMode } from 'react';
import { SWRConfig } from 'swr';
import { fetcher } from './lib/api.js';
import { SsrProvider, type SsrState, ssrMiddleware } from './ssr/swr.js';

/**
 * What wraps the app in the browser (main.tsx) and on the server (entry-server.tsx): the same tree on both
 * sides, so a server-rendered page hydrates. `ssr` is the data the server rendered with (null when the
 * browser renders alone).
 */
export function Providers(props: { ssr: SsrState | null; server?: boolean; children: React.ReactNode }) {
  return (
    <StrictMode>
      <SsrProvider state={props.ssr} server={props.server ?? false}>
        <SWRConfig
          value={{
            fetcher,
            fallback: props.ssr?.fallback ?? {},
            use: [ssrMiddleware],
            dedupingInterval: 10 * 60 * 1000,
            revalidateOnFocus: false,
            errorRetryCount: 3,
            // Back-off from 1 s, doubling, capped at 30 s (public spec §9).
            onErrorRetry: (_error, _key, config, revalidate, { retryCount }) => {
              if (retryCount > (config.errorRetryCount ?? 3)) return;
              setTimeout(() => revalidate({ retryCount }), Math.min(30_000, 1000 * 2 ** (retryCount - 1)));
            },
          }}
        >
          {props.children}
        </SWRConfig>
      </SsrProvider>
    </StrictMode>
  );
}
