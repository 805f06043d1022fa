import { describe, expect, it } from 'vitest';
import { formatGroupedAmount } from '../money';

describe('formatGroupedAmount: amounts with thousands separators', () => {
  it.each([
    ['0', '₹0.00'],
    ['999.5', '₹999.50'],
    ['5000', '₹5,000.00'],
    ['60000.00', '₹60,000.00'],
    ['123456.78', '₹1,23,456.78'],
    ['12345678', '₹1,23,45,678.00'],
    ['-1500', '-₹1,500.00'],
    ['', '₹0.00'],
  ])('proves %j rupees read %s (Indian grouping, as admin-web writes money)', (rupees, shown) => {
    expect(formatGroupedAmount(rupees, 'INR')).toBe(shown);
  });

  it('proves dollars are INR / 90 grouped in threes', () => {
    expect(formatGroupedAmount('123456.60', 'USD')).toBe('$1,371.74');
    expect(formatGroupedAmount('112500000', 'USD')).toBe('$1,250,000.00');
  });
});
