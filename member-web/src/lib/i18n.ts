import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The one i18n layer of member-web. Every feature keeps its catalogues in
 * `features/<feature>/locales/<language>.json`; the feature's folder name is its namespace
 * (`useTranslation('<feature>')`). All catalogues are bundled and found here at build time, so
 * the first render already has its texts (no loading flash, no extra request).
 */
type Catalogue = Record<string, unknown>;

const files = import.meta.glob<{ default: Catalogue }>('../features/*/locales/*.json', { eager: true });

export const LANGUAGES = ['en', 'hi'] as const;

const resources: Record<string, Record<string, Catalogue>> = {};
for (const [path, file] of Object.entries(files)) {
  const match = /features\/([^/]+)\/locales\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, namespace, language] = match as unknown as [string, string, string];
  (resources[language] ??= {})[namespace] = file.default;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
