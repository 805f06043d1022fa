import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A whole react-admin app renders in jsdom; on a busy machine the first paint can take
// longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 8_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
