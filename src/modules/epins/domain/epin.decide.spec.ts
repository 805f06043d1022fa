import { DEFAULT_SETTINGS } from '../../settings/settings';
import { decideLevelIncome, decideTopUp } from './epin.decide';
import { EpinState } from './epin.events';
import { EPIN_ALPHABET, newEpinNumber, EPIN_PATTERN } from './epin-number';

const epin = (over: Partial<EpinState> = {}): EpinState => ({ number: 'ABCDEFGHJKLM', type: 'EpintypeB', valuePaise: 29900n, ownerUid: '111111', status: 'unused', version: 1, ...over });
const inactive = { uid: '222222', status: 'Inactive' as const, currentPackagePaise: 0n, totalPackagePaise: 0n };

describe('decideTopUp', () => {
  it('given an Inactive member and the activator\'s unused e-pin, then an activation with the e-pin\'s value', () => {
    expect(decideTopUp('111111', epin(), inactive)).toEqual({
      ok: true,
      kind: 'activation',
      toppedUp: { epin: 'ABCDEFGHJKLM', epinType: 'EpintypeB', valuePaise: '29900', kind: 'activation', activator: '111111', currentPackagePaise: '29900', totalPackagePaise: '29900' },
    });
  });

  it('given an Active member, then an upgrade: current package is the larger, total grows', () => {
    const decision = decideTopUp('111111', epin(), { ...inactive, status: 'Active', currentPackagePaise: 100000n, totalPackagePaise: 100000n });
    expect(decision).toMatchObject({ ok: true, kind: 'upgrade', toppedUp: { currentPackagePaise: '100000', totalPackagePaise: '129900' } });
  });

  it('refuses someone else\'s, a missing, or a used e-pin', () => {
    expect(decideTopUp('333333', epin(), inactive)).toEqual({ ok: false, reason: 'Invalid Epin' });
    expect(decideTopUp('111111', null, inactive)).toEqual({ ok: false, reason: 'Invalid Epin' });
    expect(decideTopUp('111111', epin({ status: 'used' }), inactive)).toEqual({ ok: false, reason: 'Epin already used' });
  });
});

describe('decideLevelIncome', () => {
  const rates = DEFAULT_SETTINGS.levelIncomeRatesBp;

  it('floors each level, pays only uplines activated before the top-up, and balances with the platform', () => {
    const uplines = [
      { uid: 'L1', depth: 1, activeBefore: true },
      { uid: 'L2', depth: 2, activeBefore: false }, // activated after the top-up
      { uid: 'L3', depth: 3, activeBefore: false }, // Inactive
      { uid: 'L11', depth: 11, activeBefore: true },
    ];
    const d = decideLevelIncome(29900n, rates, uplines);
    expect(d.levels.map((l) => [l.level, l.amountPaise, l.paid, l.reason])).toEqual([
      [1, 2990n, true, undefined], [2, 1495n, false, 'inactive'], [3, 897n, false, 'inactive'], [4, 598n, false, 'no-upline'], [5, 598n, false, 'no-upline'],
      [6, 299n, false, 'no-upline'], [7, 299n, false, 'no-upline'], [8, 299n, false, 'no-upline'], [9, 299n, false, 'no-upline'], [10, 299n, false, 'no-upline'],
      [11, 149n, true, undefined], [12, 149n, false, 'no-upline'], [13, 149n, false, 'no-upline'], [14, 149n, false, 'no-upline'], [15, 149n, false, 'no-upline'],
    ]);
    expect(d.poolPaise).toBe(8820n); // floor(29900 × 29.5 %): the rounding of the half-paise levels stays with the platform
    expect(d.postings.reduce((s, p) => s + BigInt(p.amountPaise), 0n)).toBe(0n);
    expect(d.postings).toContainEqual({ account: 'platform:level-income', amountPaise: String(8820 - 2990 - 149) });
  });

  it('balances for any package value', () => {
    for (const p of [1n, 99n, 29900n, 100000n, 123457n]) {
      const d = decideLevelIncome(p, rates, [{ uid: 'A', depth: 1, activeBefore: true }]);
      expect(d.postings.reduce((s, x) => s + BigInt(x.amountPaise), 0n)).toBe(0n);
      expect(d.levels.every((l) => l.amountPaise >= 0n)).toBe(true);
    }
  });
});

describe('e-pin numbers', () => {
  it('are 12 characters without 0, O, 1 or I', () => {
    for (let i = 0; i < 200; i++) expect(newEpinNumber()).toMatch(EPIN_PATTERN);
    expect(EPIN_ALPHABET).not.toMatch(/[01OI]/);
  });
});
