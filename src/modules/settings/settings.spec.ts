import { checkSetting, DEFAULT_SETTINGS } from './settings';

describe('settings validation', () => {
  it('accepts every default', () => {
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) expect(checkSetting(key, value)).toBeNull();
  });

  it.each([
    ['epinPricesPaise', 'epinPricesPaise must be an object of type → paise', ['29900']],
    ['epinPricesPaise', 'epinPricesPaise must name exactly EpintypeA and EpintypeB', { EpintypeA: '100000' }],
    [
      'epinPricesPaise',
      'each price must be whole paise as text, e.g. "29900"',
      { EpintypeA: 100000, EpintypeB: '29900' },
    ],
    [
      'epinDiscountTiers',
      'epinDiscountTiers must be a list of at most 20 tiers',
      Array(21).fill({ minQty: 1, rateBp: 10 }),
    ],
    ['epinDiscountTiers', 'each tier is {minQty (≥ 1), rateBp (0..10000)}', [{ minQty: 0, rateBp: 10 }]],
    ['usdtRateInr', 'usdtRateInr must be rupees per USDT as text, e.g. "90" or "88.50"', '90.123'],
    ['levelIncomeRatesBp', 'levelIncomeRatesBp must be 15 whole numbers of basis points (0..10000)', [1000]],
    ['levelIncomeRatesBp', 'level income rates may not add up to more than 100 %', Array(15).fill(700)],
    ['nope', 'unknown setting nope', 1],
  ])('refuses a bad %s with its own reason: %s', (key, reason, value) => {
    expect(checkSetting(key, value)).toBe(reason);
  });
});
