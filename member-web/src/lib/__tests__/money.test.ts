import { describe, expect, it } from 'vitest';
import { formatAmount, rupeesToPaise } from '../money';

describe('display money', () => {
  it('proves USD is INR divided by 90, two decimals, with $', () => {
    expect(formatAmount('900.00', 'USD')).toBe('$10.00');
    expect(formatAmount('100.00', 'USD')).toBe('$1.11');
    expect(formatAmount('1234.50', 'USD')).toBe('$13.72');
    expect(formatAmount('0.00', 'USD')).toBe('$0.00');
  });

  it('proves INR keeps the rupee amount exactly, in paise, without float drift', () => {
    expect(formatAmount('1234.5', 'INR')).toBe('₹1234.50');
    expect(formatAmount('0.1', 'INR')).toBe('₹0.10');
    expect(rupeesToPaise('19.99')).toBe(1999);
    expect(rupeesToPaise('')).toBe(0);
    expect(rupeesToPaise('abc')).toBe(0);
  });
});
