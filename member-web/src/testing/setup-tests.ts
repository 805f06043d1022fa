import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeAll } from 'vitest';
import { preloadAllPages } from '../app/routes';
import { loadToasts } from '../app/toasts';
import { apiClient } from '../lib/api-client';
import { setDisplayCurrency } from '../lib/display-currency';
import { i18n, i18nReady, LANGUAGES, loadNamespaces, NAMESPACES, reloadLanguage } from '../lib/i18n';
import { reloadSession } from '../lib/session';

// findBy*/waitFor give a busy CI machine more than the default second.
configure({ asyncUtilTimeout: 5000 });

const realAdapter = apiClient.defaults.adapter;

// Every route's page is split into its own chunk (app/routes.tsx); the tests render whole screens
// and look at them at once, so the pages' code is loaded before the first test, as the prerendered
// pages' code is before hydration. The loading state itself: app/__tests__/lazy-page.test.tsx.
// The toast container (its own chunk too) is loaded first as well, so it mounts with the app.
// Every catalogue in both languages too (the app fetches them per route and language, lib/i18n.ts),
// so a test may switch language and read the new texts at once.
beforeAll(async () => {
  await i18nReady;
  await Promise.all([preloadAllPages(), loadToasts(), loadNamespaces(NAMESPACES)]);
  await i18n.loadLanguages([...LANGUAGES]);
});

afterEach(() => {
  cleanup();
  toast.dismiss();
  window.sessionStorage.clear();
  window.localStorage.clear();
  reloadSession();
  reloadLanguage();
  setDisplayCurrency('INR');
  apiClient.defaults.adapter = realAdapter;
});
