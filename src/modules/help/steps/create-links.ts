import { randomBytes } from 'node:crypto';
import { LedgerTx } from '../../../platform/ledger';
import { loadSettings } from '../../settings';
import { decideCreateLink } from '../domain/help-link.decide';
import { helpLinkStream, QueueSource } from '../domain/help.events';
import { Match } from '../domain/matching.decide';
import { loadParties } from '../rows';

/** A new link id: `HL` and 12 hexadecimal digits. */
export const newLinkId = (): string => `HL${randomBytes(6).toString('hex').toUpperCase()}`;

/** The key every matching transaction (runs and matches by hand) holds: one at a time. */
export const MATCHING_LOCK = 'help-matching';

/**
 * Makes one help link per match in one INSERT (each a new stream), with the parties' names and
 * the receiver's bank details copied now. `sources` names each entry's source (request, withdrawal, entitlement).
 */
export async function createLinks(
  tx: LedgerTx,
  matches: readonly Match[],
  sources: ReadonlyMap<string, { source: QueueSource; sourceId: string }>,
  manual: boolean,
): Promise<string[]> {
  if (matches.length === 0) return [];
  const settings = await loadSettings(tx);
  const parties = await loadParties(tx, [...new Set(matches.flatMap((m) => [m.senderUid, m.receiverUid]))]);
  const appends = matches.map((m) => {
    const sender = parties.get(m.senderUid);
    const receiver = parties.get(m.receiverUid);
    const ph = sources.get(m.phEntryId);
    const gh = sources.get(m.ghEntryId);
    if (!sender || !receiver || !ph || !gh)
      throw new Error(`match ${m.phEntryId} → ${m.ghEntryId} without its members or entries`);
    const id = newLinkId();
    const created = decideCreateLink({
      id,
      phEntryId: m.phEntryId,
      ghEntryId: m.ghEntryId,
      requestId: ph.sourceId,
      ghSource: gh.source,
      ghSourceId: gh.sourceId,
      sender: { uid: sender.uid, name: sender.name, mobile: sender.mobile },
      receiver: { uid: receiver.uid, name: receiver.name, mobile: receiver.mobile },
      bank: receiver.bank,
      amountPaise: m.amountPaise,
      manual,
      now: tx.now,
      linkDeadlineHours: settings.linkDeadlineHours,
    });
    return { streamId: helpLinkStream(id), expectedVersion: 0, events: [created] };
  });
  await tx.appendAll(appends);
  return appends.map((a) => a.streamId.slice('help-link-'.length));
}
