import { EPIN_OUTCOME, EpinOutcome, EpinState, MemberToppedUp } from './epin.events';

/** The member an e-pin is applied to, as a top-up decides on it. */
export interface TopUpTarget {
  uid: string;
  status: 'Active' | 'Inactive';
  currentPackagePaise: bigint;
  totalPackagePaise: bigint;
}

export interface TopUpCommand {
  activatorUid: string;
}

export type TopUpDecision =
  | { ok: false; outcome: EpinOutcome }
  | {
      ok: true;
      kind: 'activation' | 'upgrade';
      /** The e-pin's stream gets EpinUsed, the member's MemberToppedUp: one commit. */
      epinEvents: [{ type: 'EpinUsed'; payload: { by: string; member: string } }];
      memberEvents: [{ type: 'MemberToppedUp'; payload: MemberToppedUp }];
    };

/**
 * Applying one e-pin to a member. The activator must own the e-pin and it must be unused;
 * an Inactive member is activated, an Active one upgraded; either way the current package is the
 * larger of the two and the total grows by the e-pin's value.
 */
export function decideTopUp(
  { activatorUid }: TopUpCommand,
  { epin, member }: { epin: EpinState | null; member: TopUpTarget },
): TopUpDecision {
  if (!epin || epin.ownerUid !== activatorUid) return { ok: false, outcome: EPIN_OUTCOME.invalidEpin };
  if (epin.status === 'used') return { ok: false, outcome: EPIN_OUTCOME.alreadyUsed };
  const kind = member.status === 'Inactive' ? 'activation' : 'upgrade';
  const current = member.currentPackagePaise > epin.valuePaise ? member.currentPackagePaise : epin.valuePaise;
  return {
    ok: true,
    kind,
    epinEvents: [{ type: 'EpinUsed', payload: { by: activatorUid, member: member.uid } }],
    memberEvents: [
      {
        type: 'MemberToppedUp',
        payload: {
          epin: epin.number,
          epinType: epin.type,
          valuePaise: epin.valuePaise.toString(),
          kind,
          activator: activatorUid,
          currentPackagePaise: current.toString(),
          totalPackagePaise: (member.totalPackagePaise + epin.valuePaise).toString(),
        },
      },
    ],
  };
}
