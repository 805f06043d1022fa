import i18n, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The one i18n layer of member-web (i18next + react-i18next).
 *
 * Catalogues are bundled, never fetched: every feature keeps `features/<area>/locales/{en,hi}.json`
 * (namespace = the folder name, e.g. `payments`), shared texts live in `lib/locales/{en,hi}.json`
 * (namespace `common`). This file discovers all of them with `import.meta.glob`, so a new feature
 * only adds its two files. Initialisation is synchronous, so the first paint is already in the
 * member's language (English unless the device chose हिन्दी), which is what lets / and /login be
 * prerendered in English.
 *
 * English is the spec's exact text. Hindi is a complete translation; numbers, ids and currency
 * symbols stay as they are.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** localStorage key of the device's language choice (kept across sign-out, see session.ts). */
export const LANGUAGE_KEY = 'sahyog.language';
/** Each language's name written in that language (the switch shows these). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', hi: 'हिन्दी' };

type Catalogue = { default: ResourceLanguage };

const featureCatalogues = import.meta.glob<Catalogue>('../features/*/locales/*.json', { eager: true });
const sharedCatalogues = import.meta.glob<Catalogue>('./locales/*.json', { eager: true });

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Builds `{ en: { payments: {...}, common: {...} }, hi: {...} }` from the discovered files. */
export function buildResources(
  features: Record<string, Catalogue>,
  shared: Record<string, Catalogue>,
): { resources: Resource; namespaces: string[] } {
  const resources: Resource = { en: {}, hi: {} };
  const namespaces = new Set<string>(['common']);
  const add = (language: string, namespace: string, catalogue: Catalogue) => {
    if (!isLanguage(language)) throw new Error(`i18n: unknown language file ${namespace}/${language}.json`);
    const forLanguage = resources[language] as Record<string, ResourceLanguage>;
    forLanguage[namespace] = catalogue.default;
    namespaces.add(namespace);
  };
  for (const [path, catalogue] of Object.entries(features)) {
    const m = /\/features\/([^/]+)\/locales\/([^/]+)\.json$/.exec(path);
    if (!m) throw new Error(`i18n: unexpected catalogue path ${path}`);
    add(m[2] as string, m[1] as string, catalogue);
  }
  for (const [path, catalogue] of Object.entries(shared)) {
    const m = /\/locales\/([^/]+)\.json$/.exec(path);
    if (!m) throw new Error(`i18n: unexpected catalogue path ${path}`);
    add(m[1] as string, 'common', catalogue);
  }
  return { resources, namespaces: [...namespaces].sort() };
}

function storedLanguage(): Language {
  try {
    if (typeof window === 'undefined') return DEFAULT_LANGUAGE;
    const stored = window.localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function markDocument(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const { resources, namespaces } = buildResources(featureCatalogues, sharedCatalogues);

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: namespaces,
  defaultNS: 'common',
  // Synchronous: bundled resources, nothing to wait for.
  initAsync: false,
  // React escapes text itself.
  interpolation: { escapeValue: false },
  // A feature's t() finds shared texts (common) too, without a prefix.
  fallbackNS: 'common',
  react: { useSuspense: false },
});
markDocument(i18n.language);
i18n.on('languageChanged', markDocument);

export { i18n };

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the language, remembers it on this device and sets `<html lang>`. */
export function setLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode or storage full: the switch still applies to this visit.
  }
  void i18n.changeLanguage(language);
}

/** Re-reads the stored choice (tests use it after clearing storage). */
export function reloadLanguage(): void {
  void i18n.changeLanguage(storedLanguage());
}

export default i18n;
