import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach } from 'vitest';
import { apiClient } from '../lib/api-client';
import i18n from '../lib/i18n';
import { setDisplayCurrency } from '../lib/display-currency';
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
  setDisplayCurrency('INR');
  apiClient.defaults.adapter = realAdapter;
  void i18n.changeLanguage('en');
});
