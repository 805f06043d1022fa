import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadAllViews } from '../lazyResource';

// A whole react-admin app renders in jsdom; on a busy machine the first paint can take
// longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 8_000 });

// Each resource is its own chunk (lazyResource.tsx): the tests that render the whole app load every
// resource's code first (the modules App.tsx registered), so screens draw as the tests expect them.
beforeAll(() => preloadAllViews(), 120_000);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
