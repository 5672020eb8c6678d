import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.js';
import { request } from './lib/api.js';
import { injectMarkup } from './lib/inject.js';
import { Providers } from './Providers.js';
import type { SsrState } from './ssr/swr.js';
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

/** The data a server-rendered page was rendered with (api/src/web-app); absent on the client-only shell. */
function serverState(): SsrState | null {
  const element = document.getElementById('ssr-data');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch (error) {
    console.error('The server-rendered data could not be read', error);
    return null;
  }
}

const root = document.getElementById('root');
if (!root) {
  console.error('The root element #root is missing');
} else {
  const ssr = serverState();
  const app = (
    <Providers ssr={ssr}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Providers>
  );
  // A server-rendered page is hydrated (its HTML kept, events attached); the shell is rendered from scratch.
  if (ssr) hydrateRoot(root, app);
  else createRoot(root).render(app);
  // After hydration starts: snippets inserted into <body> before it would be nodes React did not render.
  void injectSnippets();
}
