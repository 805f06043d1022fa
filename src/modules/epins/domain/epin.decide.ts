import { EPIN_MSG, EpinState, MemberToppedUp } from './epin.events';

export interface TopUpTarget {
  uid: string;
  status: 'Active' | 'Inactive';
  currentPackagePaise: bigint;
  totalPackagePaise: bigint;
}

export type TopUpDecision = { ok: false; reason: string } | { ok: true; kind: 'activation' | 'upgrade'; toppedUp: MemberToppedUp };

/**
 * Applying one e-pin to a member. The activator must own the e-pin and it must be unused;
 * an Inactive member is activated, an Active one upgraded; either way the current package is the
 * larger of the two and the total grows by the e-pin's value.
 */
export function decideTopUp(activatorUid: string, epin: EpinState | null, member: TopUpTarget): TopUpDecision {
  if (!epin || epin.ownerUid !== activatorUid) return { ok: false, reason: EPIN_MSG.invalidEpin };
  if (epin.status === 'used') return { ok: false, reason: EPIN_MSG.alreadyUsed };
  const kind = member.status === 'Inactive' ? 'activation' : 'upgrade';
  const current = member.currentPackagePaise > epin.valuePaise ? member.currentPackagePaise : epin.valuePaise;
  return {
    ok: true,
    kind,
    toppedUp: {
      epin: epin.number,
      epinType: epin.type,
      valuePaise: epin.valuePaise.toString(),
      kind,
      activator: activatorUid,
      currentPackagePaise: current.toString(),
      totalPackagePaise: (member.totalPackagePaise + epin.valuePaise).toString(),
    },
  };
}

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

/**
 * Level income of one top-up: each level L gets floor(P × rate[L]); it is paid only to an upline
 * at that depth who was Active before the top-up. What is not paid — a missing or inactive upline,
 * and the rounding of the pool — goes to `platform:level-income`.
 */
export function decideLevelIncome(packagePaise: bigint, ratesBp: readonly number[], uplines: readonly Upline[]) {
  const byDepth = new Map(uplines.map((u) => [u.depth, u]));
  const levels: LevelShare[] = ratesBp.map((rateBp, index) => {
    const level = index + 1;
    const amountPaise = (packagePaise * BigInt(rateBp)) / 10_000n;
    const upline = byDepth.get(level);
    if (!upline) return { level, uid: null, rateBp, amountPaise, paid: false, reason: 'no-upline' };
    return upline.activeBefore ? { level, uid: upline.uid, rateBp, amountPaise, paid: true } : { level, uid: upline.uid, rateBp, amountPaise, paid: false, reason: 'inactive' };
  });
  const poolPaise = (packagePaise * BigInt(ratesBp.reduce((a, b) => a + b, 0))) / 10_000n;
  const paidPaise = levels.filter((l) => l.paid).reduce((sum, l) => sum + l.amountPaise, 0n);
  const unpaidPaise = poolPaise - paidPaise;
  const postings = [
    { account: 'platform:topups', amountPaise: (-poolPaise).toString() },
    ...levels.filter((l) => l.paid && l.amountPaise > 0n).map((l) => ({ account: `member:${l.uid}:level-income`, amountPaise: l.amountPaise.toString() })),
    ...(unpaidPaise > 0n ? [{ account: 'platform:level-income', amountPaise: unpaidPaise.toString() }] : []),
  ];
  return { levels, poolPaise, paidPaise, unpaidPaise, postings };
}
