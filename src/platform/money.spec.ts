import { formatRupees, postingsBalance } from './money';

describe('money in paise', () => {
  it('formats paise as rupees with two decimals, exactly', () => {
    expect(formatRupees(0n)).toBe('0.00');
    expect(formatRupees(5n)).toBe('0.05');
    expect(formatRupees(29900n)).toBe('299.00');
    expect(formatRupees(-150n)).toBe('-1.50');
    expect(formatRupees(900719925474099312n)).toBe('9007199254740993.12'); // beyond a double's precision
  });

  it('sums postings as bigint', () => {
    expect(
      postingsBalance([
        { account: 'a', amountPaise: '100' },
        { account: 'b', amountPaise: '-100' },
      ]),
    ).toBe(0n);
    expect(postingsBalance([{ account: 'a', amountPaise: '1' }])).toBe(1n);
  });
});
