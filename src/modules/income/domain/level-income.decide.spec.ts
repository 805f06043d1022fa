import { DEFAULT_SETTINGS } from '../../settings';
import { decideLevelIncome } from './level-income.decide';
import { LevelIncomeDistributed } from './level-income.events';

const rates = DEFAULT_SETTINGS.levelIncomeRatesBp;
const sum = (postings: LevelIncomeDistributed['postings']) => postings.reduce((s, p) => s + BigInt(p.amountPaise), 0n);
const distributed = (
  packagePaise: bigint,
  uplines: Parameters<typeof decideLevelIncome>[1]['uplines'],
): LevelIncomeDistributed => {
  const [event] = decideLevelIncome(
    { topupPosition: '42', fromUid: '222222', packagePaise },
    { ratesBp: rates, uplines },
  );
  return event.payload;
};

describe('decideLevelIncome', () => {
  it('given uplines activated before and after the top-up, when paid, then each level is floored, only the earlier ones are paid, and the platform balances', () => {
    const d = distributed(29900n, [
      { uid: 'L1', depth: 1, activeBefore: true },
      { uid: 'L2', depth: 2, activeBefore: false }, // activated after the top-up
      { uid: 'L3', depth: 3, activeBefore: false }, // Inactive
      { uid: 'L11', depth: 11, activeBefore: true },
    ]);
    expect(d).toMatchObject({ topupPosition: '42', fromUid: '222222', packagePaise: '29900' });
    expect(d.levels.map((l) => [l.level, l.amountPaise, l.paid, l.reason])).toEqual([
      [1, '2990', true, undefined],
      [2, '1495', false, 'inactive'],
      [3, '897', false, 'inactive'],
      [4, '598', false, 'no-upline'],
      [5, '598', false, 'no-upline'],
      [6, '299', false, 'no-upline'],
      [7, '299', false, 'no-upline'],
      [8, '299', false, 'no-upline'],
      [9, '299', false, 'no-upline'],
      [10, '299', false, 'no-upline'],
      [11, '149', true, undefined],
      [12, '149', false, 'no-upline'],
      [13, '149', false, 'no-upline'],
      [14, '149', false, 'no-upline'],
      [15, '149', false, 'no-upline'],
    ]);
    // floor(29900 × 29.5 %) = 8820: the rounding of the half-paise levels stays with the platform
    expect(d.postings).toEqual([
      { account: 'platform:topups', amountPaise: '-8820' },
      { account: 'member:L1:level-income', amountPaise: '2990' },
      { account: 'member:L11:level-income', amountPaise: '149' },
      { account: 'platform:level-income', amountPaise: String(8820 - 2990 - 149) },
    ]);
    expect(sum(d.postings)).toBe(0n);
  });

  it('given any package value, when paid, then the postings balance and no level is negative', () => {
    for (const p of [1n, 99n, 29900n, 100000n, 123457n]) {
      const d = distributed(p, [{ uid: 'A', depth: 1, activeBefore: true }]);
      expect(sum(d.postings)).toBe(0n);
      expect(d.levels.every((l) => BigInt(l.amountPaise) >= 0n)).toBe(true);
    }
  });
});
