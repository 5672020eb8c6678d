import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The admin back office's pages (web/admin.html), as the api serves them (api/src/web-app). */
const ADMIN_PAGES = /^\/admin(-legacy)?(\/|$|\?)/;

/** In development, /admin addresses get the admin document too (the api does this in production). */
function adminDocument(): Plugin {
  return {
    name: 'admin-document',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && ADMIN_PAGES.test(req.url)) req.url = '/admin.html';
        next();
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), adminDocument()],
  // Two documents: the public site (index.html) and the admin back office (admin.html), whose bundle shares
  // no entry code with the public one (the public entry inserts the site snippets).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    ...(!isSsrBuild && {
      rollupOptions: {
        input: {
          index: fileURLToPath(new URL('index.html', import.meta.url)),
          admin: fileURLToPath(new URL('admin.html', import.meta.url)),
        },
      },
    }),
  },
  // The server build (web/dist-server, loaded by the api) carries its own React, router and SWR, compiled
  // for production whatever NODE_ENV the api runs with: React's development server renderer is about three
  // times slower, and the browser always hydrates with the production build.
  ...(isSsrBuild && {
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }),
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/sitemap.xml': 'http://localhost:3000',
      '/sitemaps': 'http://localhost:3000',
      // The admin's live job progress (socket.io namespace /admin-jobs).
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
}));
