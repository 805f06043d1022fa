import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable app (issue 20, decision 0040): the web app manifest, written to
 * /manifest.webmanifest and linked from every page, and the service worker src/sw.ts, built to
 * /sw.js. Its precache list is injected by scripts/prerender.mjs (workbox-build), after the
 * prerendered pages exist, so it lists them too: `injectionPoint: undefined` leaves the build's
 * `self.__WB_MANIFEST` for it. main.tsx registers the worker (no inline script: the CSP allows none).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  injectManifest: { injectionPoint: undefined },
  includeAssets: [],
  manifest: {
    id: '/dashboard',
    name: 'Sahyog',
    short_name: 'Sahyog',
    description: 'Sahyog: a member-run help and referral network',
    lang: 'en',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#0b6e69',
    background_color: '#f5f7f7',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
});

// The API serves the built files at '/', with an SPA fallback; in dev the API runs on :3000.
// `npm run build` also builds src/prerender.tsx for Node (--ssr) and prerenders every route's shell
// (scripts/prerender.mjs), then writes .br/.gz twins of the files (../scripts/precompress.mjs).
export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: isSsrBuild ? [react()] : [react(), pwa],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/prerender.mjs reads it to preload each prerendered page's chunks.
    manifest: !isSsrBuild,
    rollupOptions: {
      // The app (index.html), and the dashboard shell's first script: a module of its own that asks for
      // the member's summary before the app's code has arrived (src/app/early-dashboard.ts, decision 0040).
      input: isSsrBuild
        ? undefined
        : {
            index: fileURLToPath(new URL('./index.html', import.meta.url)),
            'early-dashboard': fileURLToPath(new URL('./src/app/early-dashboard.ts', import.meta.url)),
          },
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
