import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './App.js';
import { Providers } from './Providers.js';
import type { SsrState } from './ssr/swr.js';

export { headHtml, pageHead, scriptJson } from './ssr/head.js';
export { isClientOnly, matchPublicPage, movedTo, outOfRange, pageAddress, pageData } from './ssr/routes.js';
export type { SsrState } from './ssr/swr.js';

/**
 * Server entry (Vite SSR build → web/dist-server/entry-server.js, loaded by api/src/web-app): renders a
 * public page with the api answers already fetched, so nothing suspends and the whole page is ready at once.
 * React's streaming renderer writes into a buffer that is cached whole; `timeoutMs` aborts a render that
 * would not finish (the caller then sends the client-rendered shell).
 */
export function renderPage(url: string, state: SsrState, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failure: unknown;
    const stream = renderToPipeableStream(
      <Providers ssr={state} server>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </Providers>,
      {
        onAllReady: () => stream.pipe(sink),
        onShellError: (error) => {
          clearTimeout(timer);
          reject(error);
        },
        onError: (error) => {
          failure ??= error;
        },
      },
    );
    const timer = setTimeout(() => {
      stream.abort(new Error(`The page took more than ${timeoutMs} ms to render.`));
      reject(failure ?? new Error(`The page took more than ${timeoutMs} ms to render.`));
    }, timeoutMs);
  });
}
