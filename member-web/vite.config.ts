import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves the built files at '/', with an SPA fallback; in dev the API runs on :3000.
// `npm run build` also builds src/prerender.tsx for Node (--ssr) and prerenders / and /login
// (scripts/prerender.mjs), then writes .br/.gz twins of the files (../scripts/precompress.mjs).
export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/prerender.mjs reads it to preload each prerendered page's chunks.
    manifest: !isSsrBuild,
    rollupOptions: {
      output: {
        // React, its DOM renderer and the router change less often than the app: one chunk that
        // caches well between releases. Everything else (MUI included) is split by Rollup along the
        // lazily loaded routes (src/app/routes.tsx), so a page downloads only the components it uses.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  preview: { proxy: { '/api': 'http://localhost:3000' } },
}));
