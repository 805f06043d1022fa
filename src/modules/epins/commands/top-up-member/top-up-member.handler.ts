import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { StoredEvent } from '../../../../platform/event-store/event.types';
import { LedgerTx, Ledger } from '../../../../platform/ledger';
import { memberStream } from '../../../identity/domain/member.events';
import { EpinType } from '../../../settings/settings';
import { decideTopUp } from '../../domain/epin.decide';
import { EPIN_MSG, epinStream, EpinState } from '../../domain/epin.events';
import { EPIN_PATTERN } from '../../domain/epin-number';
import { TopUpMemberCommand } from './top-up-member.command';

async function lockEpin(tx: LedgerTx, number: string): Promise<EpinState | null> {
  const [row] = await tx.query<{ number: string; type: EpinType; value_paise: string; owner_uid: string; status: 'unused' | 'used'; version: number }>(
    'select number, type, value_paise::text as value_paise, owner_uid, status, version from epins where number = $1 for update',
    [number],
  );
  return row ? { number: row.number, type: row.type, valuePaise: BigInt(row.value_paise), ownerUid: row.owner_uid, status: row.status, version: row.version } : null;
}

export type TopUpOutcome = { ok: false; reason: string } | { ok: true; kind: 'activation' | 'upgrade'; event: StoredEvent };

/**
 * Applies an e-pin inside the caller's transaction: the e-pin row is locked, then the member's;
 * EpinUsed and MemberToppedUp commit together or not at all. The e-pin's conditional update in its
 * projection makes a second use impossible even if this code were wrong.
 */
export async function topUp(tx: LedgerTx, activatorUid: string, memberUid: string, epinNumber: string): Promise<TopUpOutcome> {
  const epin = EPIN_PATTERN.test(epinNumber) ? await lockEpin(tx, epinNumber) : null;
  const [member] = await tx.query<{ uid: string; status: 'Active' | 'Inactive'; current_package_paise: string; total_package_paise: string; version: number }>(
    'select uid, status, current_package_paise::text, total_package_paise::text, version from members where uid = $1 for update',
    [memberUid],
  );
  if (!member) return { ok: false, reason: EPIN_MSG.wrongUser };
  const decision = decideTopUp(activatorUid, epin, {
    uid: member.uid,
    status: member.status,
    currentPackagePaise: BigInt(member.current_package_paise),
    totalPackagePaise: BigInt(member.total_package_paise),
  });
  if (!decision.ok || !epin) return { ok: false, reason: decision.ok ? EPIN_MSG.invalidEpin : decision.reason };
  await tx.append(epinStream(epin.number), epin.version, [{ type: 'EpinUsed', payload: { by: activatorUid, member: member.uid } }]);
  const [event] = await tx.append(memberStream(member.uid), member.version, [{ type: 'MemberToppedUp', payload: decision.toppedUp }]);
  return { ok: true, kind: decision.kind, event };
}

@CommandHandler(TopUpMemberCommand)
export class TopUpMemberHandler implements ICommandHandler<TopUpMemberCommand, { result: string }> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ activatorUid, memberUid, epinNumber, metadata }: TopUpMemberCommand): Promise<{ result: string }> {
    if (!epinNumber) return { result: EPIN_MSG.epinRequired };
    return this.ledger.run(metadata, async (tx) => {
      const outcome = await topUp(tx, activatorUid, memberUid, epinNumber.trim().toUpperCase());
      if (!outcome.ok) return { result: outcome.reason };
      return { result: outcome.kind === 'activation' ? EPIN_MSG.activated : EPIN_MSG.upgraded };
    });
  }
}
