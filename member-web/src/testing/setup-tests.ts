import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach } from 'vitest';
import { apiClient } from '../lib/api-client';
import { setDisplayCurrency } from '../lib/display-currency';
import { reloadLanguage } from '../lib/i18n';
import { reloadSession } from '../lib/session';

// findBy*/waitFor give a busy CI machine more than the default second.
configure({ asyncUtilTimeout: 5000 });

const realAdapter = apiClient.defaults.adapter;

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
