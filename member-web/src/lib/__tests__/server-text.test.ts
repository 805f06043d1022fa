import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { compileCatalogue, loadServerTexts, serverText, translateWith } from '../server-text';
import catalogue from '../server-texts/hi.json';

/** Issue 20: every server text a member can see is shown in Hindi to a Hindi reader; unknown ones as they are. */
describe('the server text catalogue', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('proves exact texts and texts with a number are translated, and an unknown text is shown as it is', () => {
    const hindi = compileCatalogue(catalogue);
    expect(translateWith(hindi, 'Invalid User Id or Password')).toBe('अमान्य यूज़र आईडी या पासवर्ड');
    expect(translateWith(hindi, 'Minimum withdrawal amount is 100')).toBe('न्यूनतम निकासी राशि 100 है');
    expect(translateWith(hindi, ' Activation Successfull')).toBe('सक्रियण सफल');
    expect(translateWith(hindi, 'Something the catalogue never heard of')).toBe(
      'Something the catalogue never heard of',
    );
  });

  it('proves serverText follows the chosen language', async () => {
    expect(serverText('Invalid User Id or Password')).toBe('Invalid User Id or Password');
    await i18n.changeLanguage('hi');
    await loadServerTexts();
    expect(serverText('Invalid User Id or Password')).toBe('अमान्य यूज़र आईडी या पासवर्ड');
    expect(serverText('Minimum withdrawal amount is 250')).toBe('न्यूनतम निकासी राशि 250 है');
  });

  it('proves every Hindi text is Devanagari and no English text is left untranslated', () => {
    for (const [english, hindi] of Object.entries(catalogue.texts)) {
      expect(hindi, english).toMatch(/[\u0900-\u097F]/);
    }
    // The patterns compile and each has a replacement.
    for (const [pattern, to] of catalogue.patterns) {
      expect(() => new RegExp(pattern ?? '')).not.toThrow();
      expect(to).toMatch(/[\u0900-\u097F]/);
    }
  });
});
