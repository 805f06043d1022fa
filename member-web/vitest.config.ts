import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: vitest ships its own Vite, and JSX needs no plugin here.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/__tests__/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
