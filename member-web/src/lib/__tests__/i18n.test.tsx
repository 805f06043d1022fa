import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildResources, i18n, LANGUAGE_KEY, reloadLanguage } from '../i18n';
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
  const store = i18n.store.data as Record<string, Record<string, Catalogue>>;
  const en = store.en ?? {};
  const hi = store.hi ?? {};

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
    const { resources, namespaces } = buildResources(
      {
        '../features/help/locales/en.json': { default: { title: 'Help' } },
        '../features/help/locales/hi.json': { default: { title: 'सहायता' } },
      },
      { './locales/en.json': { default: { ok: 'OK' } } },
    );
    expect(namespaces).toEqual(['common', 'help']);
    expect(resources.en).toEqual({ help: { title: 'Help' }, common: { ok: 'OK' } });
    expect(resources.hi).toEqual({ help: { title: 'सहायता' } });
    expect(() => buildResources({ '../features/help/locales/fr.json': { default: {} } }, {})).toThrow(
      /unknown language/,
    );
  });
});
