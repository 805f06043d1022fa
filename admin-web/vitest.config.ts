import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: vitest brings its own Vite, and the tests need no React plugin
// (the automatic JSX runtime is Vite's default for .tsx).
export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    restoreMocks: true,
  },
});
