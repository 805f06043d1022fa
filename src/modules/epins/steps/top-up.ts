import { appendTo } from '../../../platform/event-store/locked';
import { StoredEvent } from '../../../platform/event-store/event.types';
import { AppendOptions, LedgerTx } from '../../../platform/ledger';
import { decideTopUp } from '../domain/epin.decide';
import { EPIN_OUTCOME, EpinOutcome } from '../domain/epin.events';
import { lockEpinAndMember } from '../rows';

export type TopUpOutcome =
  | { ok: false; outcome: EpinOutcome; reason: string }
  | { ok: true; kind: 'activation' | 'upgrade'; event: StoredEvent };

const refused = (outcome: EpinOutcome): TopUpOutcome => ({ ok: false, outcome, reason: outcome.text });

/**
 * Applies an e-pin inside the caller's transaction: the e-pin row is locked, then the member's;
 * EpinUsed and MemberToppedUp commit together or not at all, in one INSERT projected in this order.
 * The e-pin's conditional update in its projection makes a second use impossible even if this code
 * were wrong. `append.last`: nothing follows in the transaction (see AppendOptions).
 */
export async function topUp(
  tx: LedgerTx,
  activatorUid: string,
  memberUid: string,
  epinNumber: string,
  append: AppendOptions = {},
): Promise<TopUpOutcome> {
  const [epin, member] = await lockEpinAndMember(tx, epinNumber, memberUid);
  if (!member) return refused(EPIN_OUTCOME.wrongUser);
  const decision = decideTopUp({ activatorUid }, { epin: epin?.state ?? null, member: member.state });
  if (!decision.ok) return refused(decision.outcome);
  if (!epin) return refused(EPIN_OUTCOME.invalidEpin);
  const [, [event]] = await tx.appendAll(
    [appendTo(epin, decision.epinEvents), appendTo(member, decision.memberEvents)],
    append,
  );
  return { ok: true, kind: decision.kind, event };
}
