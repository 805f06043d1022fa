import { DEFAULT_SETTINGS } from '../../settings';
import { salePostings } from './payment.events';
import { percentText, quote, ratePaise, twoDecimals, usdtCents } from './pricing';

describe('payment arithmetic (paise, never floats)', () => {
  it('quotes price × q with the highest applicable tier, floor of the discount', () => {
    expect(quote(DEFAULT_SETTINGS, 'EpintypeB', 3)).toEqual({
      epinType: 'EpintypeB',
      qty: 3,
      amountPaise: '89700',
      discountRateBp: 0,
      discountPaise: '0',
      netPaise: '89700',
    });
    const s = {
      ...DEFAULT_SETTINGS,
      epinDiscountTiers: [
        { minQty: 10, rateBp: 500 },
        { minQty: 5, rateBp: 250 },
      ],
    };
    expect(quote(s, 'EpintypeB', 7)).toMatchObject({
      amountPaise: '209300',
      discountRateBp: 250,
      discountPaise: '5232',
      netPaise: '204068',
    });
    expect(quote(s, 'EpintypeA', 10)).toMatchObject({
      amountPaise: '1000000',
      discountRateBp: 500,
      discountPaise: '50000',
      netPaise: '950000',
    });
  });

  it('converts net INR to USDT at the rate setting, 2 decimals half up', () => {
    expect(ratePaise('90')).toBe(9000n);
    expect(ratePaise('88.5')).toBe(8850n);
    expect(twoDecimals(usdtCents(29900n, 9000n))).toBe('3.32');
    expect(twoDecimals(usdtCents(89700n, 9000n))).toBe('9.97');
    expect(twoDecimals(usdtCents(4500n, 9000n))).toBe('0.50');
    expect(percentText(250)).toBe('2.50');
  });

  it('posts a sale as two balancing entries', () => {
    expect(salePostings('crypto', '29900')).toEqual([
      { account: 'external:crypto-gateway', amountPaise: '-29900' },
      { account: 'platform:epin-sales', amountPaise: '29900' },
    ]);
    expect(salePostings('bank', '0')).toEqual([]);
  });
});
