import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { App } from './App.js';
import { fetcher, request } from './lib/api.js';
import { injectMarkup } from './lib/inject.js';
import './styles.css';

/** Site-wide snippets (admin spec §7): fetched once at start with one retry. */
async function injectSnippets(attempt = 0): Promise<void> {
  try {
    const s = await request<Record<string, string>>('/api/admin/site-settings');
    injectMarkup(`${s.head_tags ?? ''}${s.analytics_code ?? ''}`, document.head);
    injectMarkup(s.facebook_pixel ?? '', document.body, 'prepend');
    injectMarkup(s.footer_tags ?? '', document.body);
  } catch (error) {
    if (attempt < 1) return injectSnippets(attempt + 1);
    console.error('Site settings could not be loaded', error);
  }
}

const root = document.getElementById('root');
if (!root) {
  console.error('The root element #root is missing');
} else {
  void injectSnippets();
  createRoot(root).render(
    <StrictMode>
      <SWRConfig
        value={{
          fetcher,
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
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </SWRConfig>
    </StrictMode>,
  );
}
