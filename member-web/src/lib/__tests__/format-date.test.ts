import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDate, formatDateTime, prepareDateFormats } from '../format-date';
import { LANGUAGE_KEY, reloadLanguage } from '../i18n';

const AT = '2026-11-24T07:48:29.000Z';

describe('dates in the member language', () => {
  it("proves English keeps the spec's format: '24 Nov 2026' and '24 Nov 2026, 1:18 pm' in Indian time", () => {
    expect(formatDate(AT)).toBe('24 Nov 2026');
    expect(formatDateTime(AT)).toBe('24 Nov 2026, 1:18 pm');
    expect(formatDate('')).toBe('—');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('proves Hindi names the month in Hindi with the same digits and order', () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'hi');
    act(() => reloadLanguage());
    expect(formatDate(AT)).toBe('24 नव॰ 2026');
    expect(formatDateTime(AT)).toBe('24 नव॰ 2026, 1:18 pm');
    expect(formatDate('')).toBe('—');
  });
});

describe('date formatters', () => {
  it('proves a formatter is made once per language and style: a long list makes none, a language switch at most one per style', () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'en');
    act(() => reloadLanguage());
    // Every formatter made from here on, by its locale.
    const made: string[] = [];
    const Original = Intl.DateTimeFormat;
    Intl.DateTimeFormat = class Counted extends Original {
      constructor(locale?: string | string[], options?: Intl.DateTimeFormatOptions) {
        super(locale, options);
        made.push(String(locale));
      }
    } as typeof Intl.DateTimeFormat;
    const formatAll = (times: number) => {
      for (let n = 0; n < times; n += 1) {
        const iso = `2026-11-${String((n % 28) + 1).padStart(2, '0')}`;
        formatDate(`${iso}T10:00:00.000Z`);
        formatDateTime(`${iso}T10:00:00.000Z`);
        formatCalendarDay(iso);
      }
    };
    try {
      prepareDateFormats();
      expect(made.every((locale) => locale === 'en-IN')).toBe(true);
      const prepared = made.length;
      formatAll(50);
      expect(made.length).toBe(prepared);
      expect(formatCalendarDay('2026-11-05')).toBe('05 Nov 2026');

      window.localStorage.setItem(LANGUAGE_KEY, 'hi');
      act(() => reloadLanguage());
      const beforeHindi = made.length;
      formatAll(50);
      expect(made.length - beforeHindi).toBeLessThanOrEqual(3);
      expect(made.slice(beforeHindi).every((locale) => locale === 'hi-IN')).toBe(true);
      expect(formatDate(AT)).toBe('24 नव॰ 2026');
      const hindiMade = made.length;
      formatAll(50);
      expect(made.length).toBe(hindiMade);

      window.localStorage.setItem(LANGUAGE_KEY, 'en');
      act(() => reloadLanguage());
      formatAll(50);
      expect(formatDateTime(AT)).toBe('24 Nov 2026, 1:18 pm');
      expect(made.length).toBe(hindiMade);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });
});
