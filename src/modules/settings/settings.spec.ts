import { checkSetting, DEFAULT_SETTINGS } from './settings';

describe('settings validation', () => {
  it('accepts every default', () => {
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) expect(checkSetting(key, value)).toBeNull();
  });

  it.each(['', 'https://wa.me/919800000000', 'https://t.me/sahyog_help?start=1'])('accepts the chat link %j', (value) =>
    expect(checkSetting('contactAdminUrl', value)).toBeNull(),
  );

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
    ...[
      'http://wa.me/91',
      'javascript:alert(1)',
      'https://',
      'https://wa me/1',
      'https://x.y/' + 'a'.repeat(300),
      42,
      // Issue 18 §6: a U+202E showed the link in another order; zero-width characters hide in it.
      'https://wa.me/\u202e0009189',
      'https://wa.me/91\u2066x',
      'https://wa\u200b.me/91',
      'https://wa.me/91\ufeff',
    ].map(
      (value) =>
        [
          'contactAdminUrl',
          'contactAdminUrl must be empty or an https link of at most 300 characters, e.g. https://wa.me/919800000000',
          value,
        ] as [string, string, unknown],
    ),
  ])('refuses a bad %s with its own reason: %s', (key, reason, value) => {
    expect(checkSetting(key, value)).toBe(reason);
  });
});
