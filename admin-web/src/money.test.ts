import { describe, expect, it } from 'vitest';
import { bpToPercent, formatBp, formatPaise, paiseToRupees, percentToBp, rupeesToPaise } from './money';

describe('rupees ↔ paise', () => {
  it('converts typed rupees to paise text exactly', () => {
    // Proves: whole and two-place rupees become exact paise text, with no float drift.
    expect(rupeesToPaise('299')).toBe('29900');
    expect(rupeesToPaise('299.50')).toBe('29950');
    expect(rupeesToPaise('299.5')).toBe('29950');
    expect(rupeesToPaise('0.05')).toBe('5');
    expect(rupeesToPaise('0.29')).toBe('29');
    expect(rupeesToPaise(' 1000 ')).toBe('100000');
    expect(rupeesToPaise('12345678901.99')).toBe('1234567890199');
  });

  it('rejects what is not rupees with at most two decimals', () => {
    // Proves: "1.234", signs, exponents, grouping and empty text are refused, not rounded.
    for (const bad of ['1.234', '', '.5', '5.', '-1', '1e3', '1,000', 'abc', '₹10'])
      expect(rupeesToPaise(bad)).toBeNull();
  });

  it('shows paise text as rupees for an input, and back again unchanged', () => {
    // Proves: paise → rupees → paise is the identity for the values the API stores.
    expect(paiseToRupees('29900')).toBe('299');
    expect(paiseToRupees('29950')).toBe('299.50');
    expect(paiseToRupees('5')).toBe('0.05');
    for (const paise of ['1', '5', '29', '29900', '29950', '100000', '9999999999999'])
      expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
  });
});

describe('percent ↔ basis points', () => {
  it('converts percent to whole basis points and back', () => {
    // Proves: 10 % is 1000 bp and 0.5 % is 50 bp, both ways, and a third decimal is refused.
    expect(percentToBp('10')).toBe(1000);
    expect(percentToBp('0.5')).toBe(50);
    expect(percentToBp('0.05')).toBe(5);
    expect(percentToBp('12.34')).toBe(1234);
    expect(percentToBp('0.005')).toBeNull();
    expect(percentToBp('-1')).toBeNull();
    expect(bpToPercent(1000)).toBe('10');
    expect(bpToPercent(50)).toBe('0.5');
    expect(bpToPercent(5)).toBe('0.05');
    expect(bpToPercent('1234')).toBe('12.34');
    expect(formatBp(250)).toBe('2.5 %');
  });
});

describe('formatPaise', () => {
  it('shows paise as rupees with ₹, grouping and two decimals, exactly', () => {
    // Proves: one formatter turns paise text (even beyond 2^53) into "₹1,234.50" without floats.
    expect(formatPaise('123450')).toBe('₹1,234.50');
    expect(formatPaise('29900')).toBe('₹299.00');
    expect(formatPaise('5')).toBe('₹0.05');
    expect(formatPaise('0')).toBe('₹0.00');
    expect(formatPaise(100000)).toBe('₹1,000.00');
    expect(formatPaise(10000000n)).toBe('₹1,00,000.00');
    expect(formatPaise('-2990')).toBe('-₹29.90');
    expect(formatPaise('900719925474099399')).toBe('₹9,00,71,99,25,47,40,993.99');
    expect(formatPaise(null)).toBe('');
    expect(formatPaise(undefined)).toBe('');
    expect(formatPaise('n/a')).toBe('n/a');
  });
});
