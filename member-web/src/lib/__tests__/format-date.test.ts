import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../format-date';
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
