import { LevelIncomeEvent } from './level-income.events';

export interface LevelShare {
  level: number;
  uid: string | null;
  rateBp: number;
  amountPaise: bigint;
  paid: boolean;
  reason?: 'no-upline' | 'inactive';
}

export interface Upline {
  uid: string;
  depth: number;
  /** Whether the upline's activation comes before the top-up in the ledger's order (false while Inactive). */
  activeBefore: boolean;
}

/** Pay the level income of the top-up at `topupPosition`: member `fromUid`'s e-pin of `packagePaise`. */
export interface PayLevelIncome {
  topupPosition: string;
  fromUid: string;
  packagePaise: bigint;
}

/** What it is decided on, as of the top-up: the rates then in force (level 1 first) and the uplines. */
export interface LevelIncomeState {
  ratesBp: readonly number[];
  uplines: readonly Upline[];
}

/**
 * Level income of one top-up: each level L gets floor(P × rate[L]); it is paid only to an upline
 * at that depth who was Active before the top-up. What is not paid — a missing or inactive upline,
 * and the rounding of the pool — goes to `platform:level-income`.
 */
export function decideLevelIncome(
  { topupPosition, fromUid, packagePaise }: PayLevelIncome,
  { ratesBp, uplines }: LevelIncomeState,
): LevelIncomeEvent[] {
  const byDepth = new Map(uplines.map((u) => [u.depth, u]));
  const levels: LevelShare[] = ratesBp.map((rateBp, index) => {
    const level = index + 1;
    const amountPaise = (packagePaise * BigInt(rateBp)) / 10_000n;
    const upline = byDepth.get(level);
    if (!upline) return { level, uid: null, rateBp, amountPaise, paid: false, reason: 'no-upline' };
    return upline.activeBefore
      ? { level, uid: upline.uid, rateBp, amountPaise, paid: true }
      : { level, uid: upline.uid, rateBp, amountPaise, paid: false, reason: 'inactive' };
  });
  const poolPaise = (packagePaise * BigInt(ratesBp.reduce((a, b) => a + b, 0))) / 10_000n;
  const paidPaise = levels.filter((l) => l.paid).reduce((sum, l) => sum + l.amountPaise, 0n);
  const unpaidPaise = poolPaise - paidPaise;
  const postings = [
    { account: 'platform:topups', amountPaise: (-poolPaise).toString() },
    ...levels
      .filter((l) => l.paid && l.amountPaise > 0n)
      .map((l) => ({ account: `member:${l.uid}:level-income`, amountPaise: l.amountPaise.toString() })),
    ...(unpaidPaise > 0n ? [{ account: 'platform:level-income', amountPaise: unpaidPaise.toString() }] : []),
  ];
  return [
    {
      type: 'LevelIncomeDistributed',
      payload: {
        topupPosition,
        fromUid,
        packagePaise: packagePaise.toString(),
        levels: levels.map((l) => ({
          level: l.level,
          uid: l.uid,
          rateBp: l.rateBp,
          amountPaise: l.amountPaise.toString(),
          paid: l.paid,
          ...(l.reason ? { reason: l.reason } : {}),
        })),
        postings,
      },
    },
  ];
}
