import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cookieLanguage,
  i18n,
  indexCatalogues,
  LANGUAGE_COOKIE,
  LANGUAGE_KEY,
  NAMESPACES,
  reloadLanguage,
} from '../i18n';
import { PAGE_SHARED_NAMESPACES } from '../../app/lazy-page';
import { signOut } from '../session';
import { DASHBOARD_SUMMARY } from '../../testing/dashboard-summary';
import { mockApi } from '../../testing/mock-api';
import { renderApp, signInMember } from '../../testing/render-app';

const SUMMARY = DASHBOARD_SUMMARY;

const UNUSED_PIN = {
  pin_owner: '482913',
  pinamnt: '299.00',
  pin: 'K7M3QX9TRWAB',
  dd: '2026-11-05T09:30:00.000Z',
  ss: 'Unused',
  epintype: 'EpintypeB',
};

const DEVANAGARI = /[\u0900-\u097F]/;

async function chooseLanguage(name: 'English' | 'हिन्दी') {
  const user = userEvent.setup({ delay: null });
  const group = screen.getAllByRole('group', { name: /^(Language|भाषा)$/ })[0] as HTMLElement;
  await user.click(within(group).getByRole('button', { name }));
}

describe('one i18n layer: English / हिन्दी', () => {
  it('proves the login page switches to Hindi, sets <html lang>, remembers the choice, and switches back to the exact English', async () => {
    renderApp('/login');
    expect(screen.getByRole('heading', { name: 'Member Login' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');

    await chooseLanguage('हिन्दी');
    expect(await screen.findByRole('heading', { name: 'सदस्य लॉगिन' })).toBeInTheDocument();
    expect(screen.getByLabelText('यूज़र आईडी')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'लॉगिन' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('hi');

    await chooseLanguage('English');
    expect(await screen.findByRole('heading', { name: 'Member Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('User Id')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });

  it('proves the dashboard and its top bar read in Hindi, and English comes back exactly', async () => {
    signInMember();
    mockApi({ 'POST /userDashboard': { data: [SUMMARY] } });
    renderApp('/dashboard');
    expect(await screen.findByTestId('member-uid')).toHaveTextContent('482913');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

    await chooseLanguage('हिन्दी');
    expect(await screen.findByRole('heading', { name: 'डैशबोर्ड' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'होम' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'आईडी सक्रिय करें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'यूज़र 299 सहायता' })).toBeInTheDocument();
    expect(screen.getByTestId('member-status')).toHaveTextContent('सक्रिय');
    expect(screen.getByText('शुद्ध शेष राशि')).toBeInTheDocument();
    // Numbers and currency symbols stay as they are.
    expect(screen.getByTestId('net-balance')).toHaveTextContent('₹900.00');

    await chooseLanguage('English');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Member navigation' })).getByRole('link', { name: 'Home' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Member navigation' })).getByRole('link', { name: 'REGISTER' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ACTIVATE ID' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'USER 299 HELP' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'USER 1000 HELP' })).toBeInTheDocument();
    expect(screen.getByTestId('member-status')).toHaveTextContent('Active');
    expect(screen.getByText('Net Balance')).toBeInTheDocument();
  });

  it('proves the e-pin screens (list, transfer, activation) read in Hindi and back in English', async () => {
    signInMember();
    mockApi({ 'POST /ActivationHistory': { data: [[UNUSED_PIN]] } });
    const view = renderApp('/EpinHistory');
    expect(await screen.findByRole('heading', { name: 'Unused Epin List' })).toBeInTheDocument();
    await chooseLanguage('हिन्दी');
    expect(await screen.findByRole('heading', { name: 'अप्रयुक्त ई-पिन सूची' })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'ई-पिन नंबर' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'K7M3QX9TRWAB का उपयोग करें' })).toBeInTheDocument();

    await act(() => view.router.navigate('/EpinTransfer'));
    expect(await screen.findByRole('heading', { name: 'ई-पिन ट्रांसफ़र' })).toBeInTheDocument();
    expect(screen.getByLabelText('प्राप्तकर्ता यूज़र आईडी')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ट्रांसफ़र करें' })).toBeInTheDocument();

    await act(() => view.router.navigate('/Activation?pin=K7M3QX9TRWAB&type=EpintypeB'));
    expect(await screen.findByRole('heading', { name: 'सक्रिय करें/अपग्रेड करें' })).toBeInTheDocument();
    expect(screen.getByLabelText('ई-पिन की स्थिति')).toHaveValue('मान्य ई-पिन');

    await chooseLanguage('English');
    expect(await screen.findByRole('heading', { name: 'Activate/Upgrade' })).toBeInTheDocument();
    expect(screen.getByLabelText('Epin Status')).toHaveValue('Valid Epin');
    expect(screen.getByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });

  it('proves the choice is remembered on the device: a new visit starts in Hindi, and signing out keeps it', async () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'hi');
    reloadLanguage();
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'सदस्य लॉगिन' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');

    signInMember();
    act(() => signOut());
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('hi');
  });

  it('proves an unknown stored value falls back to English', () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'fr');
    reloadLanguage();
    expect(i18n.language).toBe('en');
  });

  it('proves the disclaimer stays bilingual whatever the language', async () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'hi');
    reloadLanguage();
    signInMember();
    renderApp('/Disclaimer');
    await waitFor(() => expect(screen.getByText(/Nashik, Maharashtra, India/)).toBeInTheDocument());
    expect(screen.getByText(/नासिक, महाराष्ट्र, भारत/)).toBeInTheDocument();
  });
});

type Catalogue = Record<string, unknown>;

function flatten(value: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof value === 'string') {
    out[prefix] = value;
    return out;
  }
  for (const [key, child] of Object.entries(value as Catalogue))
    Object.assign(out, flatten(child, prefix ? `${prefix}.${key}` : key));
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('the catalogues', () => {
  // Read when the tests run: every catalogue is loaded before the first one (testing/setup-tests.ts).
  let en: Record<string, Catalogue> = {};
  let hi: Record<string, Catalogue> = {};
  beforeAll(() => {
    const store = i18n.store.data as Record<string, Record<string, Catalogue>>;
    en = store.en ?? {};
    hi = store.hi ?? {};
  });

  it('proves every feature with screens has its namespace, discovered from features/*/locales (plus common)', () => {
    const featureDirs = Object.keys(import.meta.glob('../../features/*/components/*.tsx')).map(
      (path) => /features\/([^/]+)\//.exec(path)?.[1] as string,
    );
    for (const feature of new Set(featureDirs)) {
      expect(Object.keys(en), feature).toContain(feature);
      expect(Object.keys(hi), feature).toContain(feature);
    }
    expect(Object.keys(en)).toContain('common');
  });

  it('proves the Hindi catalogue is complete: the same keys and placeholders as English, and written in Devanagari', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    for (const namespace of Object.keys(en)) {
      const english = flatten(en[namespace]);
      const hindi = flatten(hi[namespace]);
      expect(Object.keys(hindi).sort(), namespace).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        const translated = hindi[key] as string;
        expect(translated.trim(), `${namespace}:${key}`).not.toBe('');
        expect(placeholders(translated), `${namespace}:${key}`).toEqual(placeholders(text));
        // Codes such as 'IFSC' stay as they are; anything with words is translated.
        if (/[a-z]{3,}/.test(text)) expect(translated, `${namespace}:${key}`).toMatch(DEVANAGARI);
      }
    }
  });

  it('proves the discovery maps each file to its folder name as namespace and rejects an unknown language', () => {
    const { catalogues, namespaces } = indexCatalogues(
      { '../features/help/locales/en.json': 'help en', '../features/help/locales/hi.json': 'help hi' },
      { './locales/en.json': 'common en' },
    );
    expect(namespaces).toEqual(['common', 'help']);
    expect([...catalogues.entries()].sort()).toEqual([
      ['en/common', 'common en'],
      ['en/help', 'help en'],
      ['hi/help', 'help hi'],
    ]);
    expect(() => indexCatalogues({ '../features/help/locales/fr.json': {} }, {})).toThrow(/unknown language/);
    expect(NAMESPACES).toEqual(Object.keys(en).sort());
  });
});

describe('catalogues load with their pages (decision 0021)', () => {
  const sources = {
    ...import.meta.glob<string>('../../features/*/components/**/*.{ts,tsx}', {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
    ...import.meta.glob<string>('../../components/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
  };
  /** The namespaces a source file reads: useTranslation('x'), i18n.t('x:key'), { ns: 'x' }. */
  const namespacesIn = (text: string) =>
    [
      ...text.matchAll(/useTranslation\(\s*'([^']+)'/g),
      ...text.matchAll(/i18n\.t\(\s*'([\w-]+):/g),
      ...text.matchAll(/\bns: '([^']+)'/g),
    ].map((m) => m[1] as string);

  it('proves every feature reads only its own namespace and common, and shared components only common', () => {
    // app/routes.tsx loads exactly `<area>` with a page of features/<area>/, so this keeps every page's texts loaded.
    let seen = 0;
    for (const [path, text] of Object.entries(sources)) {
      if (/__tests__/.test(path)) continue;
      const area = /features\/([^/]+)\//.exec(path)?.[1];
      for (const namespace of namespacesIn(text)) {
        seen += 1;
        const shared = (PAGE_SHARED_NAMESPACES as readonly string[]).includes(namespace);
        expect(namespace === 'common' || shared || namespace === area, `${path} reads ${namespace}`).toBe(true);
      }
    }
    expect(seen).toBeGreaterThan(40);
  });

  it('proves the dashboard route loads the catalogue of every feature it composes', async () => {
    const { DASHBOARD_NAMESPACES, DASHBOARD_PARTS_WITH_OWN_TEXTS } = await import('../../app/routes');
    const route = import.meta.glob<string>('../../app/dashboard-route.tsx', {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const composed = [...(Object.values(route)[0] ?? '').matchAll(/from '\.\.\/features\/([^/']+)/g)].map((m) => m[1]);
    expect(composed.length).toBeGreaterThan(0);
    expect([...new Set(composed)].sort()).toEqual([...DASHBOARD_NAMESPACES, ...DASHBOARD_PARTS_WITH_OWN_TEXTS].sort());
  });

  it('proves the choice also goes into the cookie the server reads to send a prerendered page in that language', async () => {
    await chooseLanguageOnLogin('हिन्दी');
    expect(cookieLanguage(document.cookie)).toBe('hi');
    await chooseLanguageOnLogin('English');
    expect(cookieLanguage(document.cookie)).toBe('en');
    expect(cookieLanguage(`a=1; ${LANGUAGE_COOKIE}=hi; b=2`)).toBe('hi');
    expect(cookieLanguage(`${LANGUAGE_COOKIE}=fr`)).toBeUndefined();
    expect(cookieLanguage(undefined)).toBeUndefined();
  });
});

async function chooseLanguageOnLogin(name: 'English' | 'हिन्दी') {
  renderApp('/login');
  await chooseLanguage(name);
  cleanup();
}
