import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { prepared } from '../../../../platform/db/sql';
import { StoredEvent } from '../../../../platform/event-store/event.types';
import { AppendOptions, LedgerTx, Ledger } from '../../../../platform/ledger';
import { memberStream } from '../../../identity/domain/member.events';
import { EpinType } from '../../../settings/settings';
import { decideTopUp } from '../../domain/epin.decide';
import { EPIN_MSG, epinStream, EpinState } from '../../domain/epin.events';
import { EPIN_PATTERN } from '../../domain/epin-number';
import { TopUpMemberCommand } from './top-up-member.command';

// Each locking read also returns the hash of the stream's event at the row's version (the head
// the append chains onto), so the appends need no read of their own.
const LOCK_EPIN_SQL = prepared(
  `select number, type, value_paise::text as value_paise, owner_uid, status, version,
          (select hash from events where stream_id = $2 and stream_version = epins.version) as head_hash
     from epins where number = $1 for update`,
);
const LOCK_MEMBER_SQL = prepared(
  `select uid, status, current_package_paise::text, total_package_paise::text, version,
          (select hash from events where stream_id = $2 and stream_version = members.version) as head_hash
     from members where uid = $1 for update`,
);

async function lockEpin(tx: LedgerTx, number: string): Promise<(EpinState & { headHash: string | null }) | null> {
  const [row] = await tx.query<{ number: string; type: EpinType; value_paise: string; owner_uid: string; status: 'unused' | 'used'; version: number; head_hash: string | null }>(
    LOCK_EPIN_SQL,
    [number, epinStream(number)],
  );
  if (!row) return null;
  // The hash is only the head of this row's stream if the row is the one the stream was named after.
  const headHash = row.number === number ? row.head_hash : null;
  return { number: row.number, type: row.type, valuePaise: BigInt(row.value_paise), ownerUid: row.owner_uid, status: row.status, version: row.version, headHash };
}

export type TopUpOutcome = { ok: false; reason: string } | { ok: true; kind: 'activation' | 'upgrade'; event: StoredEvent };

/**
 * Applies an e-pin inside the caller's transaction: the e-pin row is locked, then the member's;
 * EpinUsed and MemberToppedUp commit together or not at all. The e-pin's conditional update in its
 * projection makes a second use impossible even if this code were wrong. `append.last`: nothing
 * follows in the transaction (see AppendOptions).
 */
export async function topUp(tx: LedgerTx, activatorUid: string, memberUid: string, epinNumber: string, append: AppendOptions = {}): Promise<TopUpOutcome> {
  // Both locking reads in one round trip; they still run in this order (e-pin, then member).
  const [epin, [member]] = await tx.batch(() =>
    Promise.all([
      EPIN_PATTERN.test(epinNumber) ? lockEpin(tx, epinNumber) : null,
      tx.query<{ uid: string; status: 'Active' | 'Inactive'; current_package_paise: string; total_package_paise: string; version: number; head_hash: string | null }>(
        LOCK_MEMBER_SQL,
        [memberUid, memberStream(memberUid)],
      ),
    ]),
  );
  if (!member) return { ok: false, reason: EPIN_MSG.wrongUser };
  const decision = decideTopUp(activatorUid, epin, {
    uid: member.uid,
    status: member.status,
    currentPackagePaise: BigInt(member.current_package_paise),
    totalPackagePaise: BigInt(member.total_package_paise),
  });
  if (!decision.ok || !epin) return { ok: false, reason: decision.ok ? EPIN_MSG.invalidEpin : decision.reason };
  // One INSERT for both streams; projected in this order, as two appends would be.
  const [, [event]] = await tx.appendAll([
    { streamId: epinStream(epin.number), expectedVersion: epin.version, events: [{ type: 'EpinUsed', payload: { by: activatorUid, member: member.uid } }], headHash: epin.headHash },
    { streamId: memberStream(member.uid), expectedVersion: member.version, events: [{ type: 'MemberToppedUp', payload: decision.toppedUp }], headHash: member.uid === memberUid ? member.head_hash : null },
  ], append);
  return { ok: true, kind: decision.kind, event };
}

@CommandHandler(TopUpMemberCommand)
export class TopUpMemberHandler implements ICommandHandler<TopUpMemberCommand, { result: string }> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ activatorUid, memberUid, epinNumber, metadata }: TopUpMemberCommand): Promise<{ result: string }> {
    if (!epinNumber) return { result: EPIN_MSG.epinRequired };
    return this.ledger.run(metadata, async (tx) => {
      const outcome = await topUp(tx, activatorUid, memberUid, epinNumber.trim().toUpperCase(), { last: true });
      if (!outcome.ok) return { result: outcome.reason };
      return { result: outcome.kind === 'activation' ? EPIN_MSG.activated : EPIN_MSG.upgraded };
    });
  }
}
