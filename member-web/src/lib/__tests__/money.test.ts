import { describe, expect, it } from 'vitest';
import { formatAmount, formatPaise, paiseToRupeeText, paiseToUsdCents, rupeesToPaise, usdtFromInr } from '../money';

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
    expect(rupeesToPaise('19.99')).toBe(1999n);
    // 0.1 + 0.2 style drift cannot happen: the sum is done in paise.
    expect((rupeesToPaise('0.10') ?? 0n) + (rupeesToPaise('0.20') ?? 0n)).toBe(30n);
  });

  it('proves a dashboard figure the server leaves empty or unreadable shows as zero', () => {
    expect(formatAmount('', 'INR')).toBe('₹0.00');
    expect(formatAmount('abc', 'USD')).toBe('$0.00');
    expect(formatAmount(null, 'INR')).toBe('₹0.00');
  });
});

describe('rupeesToPaise: the one parsing contract', () => {
  it.each([
    ['299', 29900n],
    ['299.5', 29950n],
    ['299.50', 29950n],
    ['.5', 50n],
    ['0', 0n],
    ['1,234.50', 123450n],
    ['1,23,456.00', 12345600n],
    ['  42.10 ', 4210n],
    ['-5', -500n],
    ['-0.25', -25n],
    ['90071992547409.93', 9007199254740993n],
  ])('proves %j reads as %s paise', (input, paise) => {
    expect(rupeesToPaise(input)).toBe(paise);
  });

  it.each([[''], ['  '], ['abc'], ['12a'], ['1.234'], ['-'], ['.'], ['1..2'], ['₹5'], ['1e3'], [null], [undefined]])(
    'proves %j is not a rupee amount (null, never a guess)',
    (input) => {
      expect(rupeesToPaise(input)).toBeNull();
    },
  );

  it('proves a number is read to the paisa, and a non-finite number is refused', () => {
    expect(rupeesToPaise(299)).toBe(29900n);
    expect(rupeesToPaise(12.5)).toBe(1250n);
    expect(rupeesToPaise(Number.NaN)).toBeNull();
    expect(rupeesToPaise(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('writing and converting paise', () => {
  it('proves rupee text has two decimals and keeps the sign', () => {
    expect(paiseToRupeeText(29950n)).toBe('299.50');
    expect(paiseToRupeeText(5n)).toBe('0.05');
    expect(paiseToRupeeText(-25n)).toBe('-0.25');
    expect(formatPaise(123450n, 'INR')).toBe('₹1234.50');
  });

  it('proves USD/USDT cents round half away from zero at 90 INR per USD', () => {
    expect(paiseToUsdCents(9000n)).toBe(100n);
    // 45 paise = 0.5 cent → 1 cent; 44 paise → 0 cents.
    expect(paiseToUsdCents(45n)).toBe(1n);
    expect(paiseToUsdCents(44n)).toBe(0n);
    expect(paiseToUsdCents(-45n)).toBe(-1n);
    expect(formatPaise(-9000n, 'USD')).toBe('$-1.00');
  });

  it('proves the e-pin form USDT figure: 299 INR → 3.32 USDT, unreadable → empty', () => {
    expect(usdtFromInr('299')).toBe('3.32');
    expect(usdtFromInr('1,495.00')).toBe('16.61');
    expect(usdtFromInr('')).toBe('');
    expect(usdtFromInr('n/a')).toBe('');
  });
});
