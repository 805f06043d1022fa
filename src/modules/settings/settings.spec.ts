import { checkSetting, DEFAULT_SETTINGS } from './settings';

describe('settings validation', () => {
  it('accepts every default', () => {
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) expect(checkSetting(key, value)).toBeNull();
  });

  it.each([
    ['epinPricesPaise', { EpintypeA: '100000' }],
    ['epinPricesPaise', { EpintypeA: 100000, EpintypeB: '29900' }],
    ['epinDiscountTiers', [{ minQty: 0, rateBp: 10 }]],
    ['usdtRateInr', '90.123'],
    ['levelIncomeRatesBp', [1000]],
    ['levelIncomeRatesBp', Array(15).fill(700)],
    ['nope', 1],
  ])('refuses %s = %j', (key, value) => {
    expect(checkSetting(key, value)).not.toBeNull();
  });
});
