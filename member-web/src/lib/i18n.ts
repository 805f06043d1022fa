import i18n, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The one i18n layer of member-web (i18next + react-i18next).
 *
 * Every feature keeps `features/<area>/locales/{en,hi}.json` (namespace = the folder name, e.g.
 * `payments`); shared texts live in `lib/locales/{en,hi}.json` (namespace `common`). This file
 * discovers all of them with `import.meta.glob`, so a new feature only adds its two files.
 *
 * Only English `common` is bundled into the entry. Every other catalogue is its own small chunk,
 * fetched when needed (decision 0021): a route loads its page's namespaces together with the page's
 * code (`app/lazy-page.tsx`, `loadNamespaces`), in the current language only; Hindi is fetched
 * once a device chooses it. Nothing renders before the catalogues it needs are in (main.tsx waits
 * for `i18nReady` and the route), so no text flashes as a key or in the other language.
 *
 * English is the spec's exact text. Hindi is a complete translation; numbers, ids and currency
 * symbols stay as they are.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** localStorage key of the device's language choice (kept across sign-out, see session.ts). */
export const LANGUAGE_KEY = 'sahyog.language';
/**
 * The same choice as a cookie, so the server can send the prerendered page in that language
 * (`/` and `/login` are prerendered in both; src/platform/http/web-apps.ts picks one by it).
 */
export const LANGUAGE_COOKIE = 'sahyog.language';
/** Each language's name written in that language (the switch shows these). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', hi: 'हिन्दी' };
/** The namespace of `lib/locales`, also every feature's fallback namespace. */
export const COMMON_NAMESPACE = 'common';

type Catalogue = { default: ResourceLanguage };
type LoadCatalogue = () => Promise<Catalogue>;

const featureCatalogues = import.meta.glob<Catalogue>('../features/*/locales/*.json');
const sharedCatalogues = import.meta.glob<Catalogue>(['./locales/*.json', '!./locales/en.json']);
const bundledCatalogues = import.meta.glob<Catalogue>('./locales/en.json', { eager: true });

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

const catalogueKey = (language: string, namespace: string) => `${language}/${namespace}`;

/**
 * Indexes the discovered files as `en/payments`, `hi/common`, … (`features/<ns>/locales/<lng>.json`
 * and, as namespace `common`, `locales/<lng>.json`), and lists the namespaces.
 */
export function indexCatalogues<T>(
  features: Record<string, T>,
  shared: Record<string, T>,
): { catalogues: Map<string, T>; namespaces: string[] } {
  const catalogues = new Map<string, T>();
  const namespaces = new Set<string>([COMMON_NAMESPACE]);
  const add = (language: string, namespace: string, catalogue: T) => {
    if (!isLanguage(language)) throw new Error(`i18n: unknown language file ${namespace}/${language}.json`);
    catalogues.set(catalogueKey(language, namespace), catalogue);
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
    add(m[1] as string, COMMON_NAMESPACE, catalogue);
  }
  return { catalogues, namespaces: [...namespaces].sort() };
}

const lazy = indexCatalogues<LoadCatalogue>(featureCatalogues, sharedCatalogues);
const bundled = indexCatalogues<Catalogue>({}, bundledCatalogues);
/** Every namespace there is a catalogue for. */
export const NAMESPACES: readonly string[] = [...new Set([...lazy.namespaces, ...bundled.namespaces])].sort();

/** An i18next backend reading the catalogue chunks Vite split off (no HTTP of its own, no plugin). */
const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = lazy.catalogues.get(catalogueKey(language, namespace));
    if (!load) {
      callback(new Error(`i18n: no catalogue ${namespace}/${language}.json`), false);
      return;
    }
    load().then(
      (catalogue) => callback(null, catalogue.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function storedLanguage(): Language {
  try {
    if (typeof window === 'undefined') return DEFAULT_LANGUAGE;
    const stored = window.localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The language cookie as the server reads it (`sahyog.language=hi`), or undefined. */
export function cookieLanguage(cookies: string | undefined): Language | undefined {
  for (const part of (cookies ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return undefined;
}

/** Keeps the cookie equal to the device's choice (a year; the page only, not sent cross-site). */
function rememberForServer(language: Language): void {
  if (typeof document === 'undefined' || cookieLanguage(document.cookie) === language) return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

function markDocument(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const bundledResources = { en: { [COMMON_NAMESPACE]: bundled.catalogues.get('en/common')?.default ?? {} } };

/** Resolves once the start language's `common` is in: nothing may render before. */
export const i18nReady: Promise<unknown> = i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    resources: bundledResources,
    // The bundled English `common` is only part of the texts: the backend loads the rest.
    partialBundledLanguages: true,
    lng: storedLanguage(),
    // Both catalogues hold the same keys (lib/__tests__/i18n.test.tsx): no fallback language to fetch too.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: [COMMON_NAMESPACE],
    defaultNS: COMMON_NAMESPACE,
    // A feature's t() finds shared texts (common) too, without a prefix.
    fallbackNS: COMMON_NAMESPACE,
    // Start loading at once (not on the next tick).
    initAsync: false,
    // React escapes text itself.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
markDocument(i18n.language);
i18n.on('languageChanged', markDocument);
if (typeof window !== 'undefined') rememberForServer(storedLanguage());

export { i18n };

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * Loads these namespaces in the current language (a route calls it with its page's code, see
 * app/lazy-page.tsx); a later language switch loads them in the new language too.
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  await i18n.loadNamespaces([...namespaces]);
}

/**
 * Switches the language, remembers it on this device (localStorage, and the cookie the server
 * reads) and sets `<html lang>`. The texts change once the new language's catalogues are in.
 */
export async function setLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode or storage full: the switch still applies to this visit.
  }
  rememberForServer(language);
  await i18n.changeLanguage(language);
}

/** Re-reads the stored choice (tests use it after clearing storage). */
export function reloadLanguage(): void {
  void i18n.changeLanguage(storedLanguage());
}

export default i18n;
