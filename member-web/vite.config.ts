import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves the built files at '/', with an SPA fallback; in dev the API runs on :3000.
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  preview: { proxy: { '/api': 'http://localhost:3000' } },
});
