import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
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
