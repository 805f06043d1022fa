import { randomUUID } from 'node:crypto';
import { LedgerTx } from '../../../platform/ledger';
import { utrFlagStream, utrKey } from '../domain/help.events';

/** UTR checks queue on a lock per UTR (transaction-scoped), so two uses of one UTR take turns. */
export async function lockUtr(tx: LedgerTx, utr: string): Promise<void> {
  await tx.execute('select pg_advisory_xact_lock(hashtext($1))', [`utr:${utrKey(utr)}`]);
}

/** Records, for admins, an attempt to use a UTR that is already claimed (a help link or an e-pin request). */
export async function flagUtrReuse(
  tx: LedgerTx,
  attempt: { utr: string; uid: string; helpLinkId: string | null; epinRequestId: string | null },
  claim: { source: 'help-link' | 'epin-request'; source_id: string },
): Promise<void> {
  const id = randomUUID();
  await tx.append(utrFlagStream(id), 0, [
    {
      type: 'UtrReuseFlagged',
      payload: { id, ...attempt, claimedSource: claim.source, claimedId: claim.source_id },
    },
  ]);
}
