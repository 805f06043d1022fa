import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The repository root: admin-web imports the shared MUI theme from member-web by relative path.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// The API serves the built files at /admin/, so every asset URL carries that base.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2500 },
  server: {
    port: 5174,
    fs: { allow: [repoRoot] },
    proxy: { '/admin-api': 'http://localhost:3000' },
  },
});
