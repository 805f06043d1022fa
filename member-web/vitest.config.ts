import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: vitest ships its own Vite (8, whose oxc transform handles JSX itself).
export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/__tests__/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Typing through user-event in jsdom is slow (whole forms take seconds, more on a busy machine).
    testTimeout: 60000,
    // The setup loads every page's code and every catalogue in both languages before the first test.
    hookTimeout: 60000,
  },
});
