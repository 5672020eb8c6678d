import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The pure modules the web app shares with core (tsconfig.json "paths"), read from core's sources.
  resolve: { tsconfigPaths: true },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/sitemap.xml': 'http://localhost:3000',
      '/sitemaps': 'http://localhost:3000',
      // The admin's live job progress (socket.io namespace /admin-jobs).
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
});
