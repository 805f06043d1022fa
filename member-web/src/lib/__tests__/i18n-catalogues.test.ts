import { describe, expect, it } from 'vitest';
import i18n from '../i18n';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../features/*/locales/*.json', {
  eager: true,
});

function catalogues(): Map<string, Map<string, Record<string, unknown>>> {
  const byFeature = new Map<string, Map<string, Record<string, unknown>>>();
  for (const [path, file] of Object.entries(files)) {
    const match = /features\/([^/]+)\/locales\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, feature = '', language = ''] = match;
    if (!byFeature.has(feature)) byFeature.set(feature, new Map());
    byFeature.get(feature)?.set(language, file.default);
  }
  return byFeature;
}

describe('i18n catalogues', () => {
  it('proves every feature with an English catalogue has a Hindi one with the same keys, none empty', () => {
    const all = catalogues();
    expect(all.size).toBeGreaterThan(0);
    for (const [feature, languages] of all) {
      const en = languages.get('en');
      const hi = languages.get('hi');
      expect(en, `${feature}/en.json`).toBeDefined();
      expect(hi, `${feature}/hi.json`).toBeDefined();
      expect(Object.keys(hi ?? {}).sort(), feature).toEqual(Object.keys(en ?? {}).sort());
      for (const [key, value] of Object.entries(hi ?? {}))
        expect(String(value).trim(), `${feature}.${key}`).not.toBe('');
    }
  });

  it('proves the layer starts in English with the bundled catalogues', () => {
    expect(i18n.language).toBe('en');
    expect(i18n.t('noPending', { ns: 'help-links' })).toBe('No Pending Data Found');
    expect(i18n.t('noPending', { ns: 'help-links', lng: 'hi' })).toBe('कोई लंबित डेटा नहीं मिला');
  });
});
