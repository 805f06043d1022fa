import { randomBytes } from 'node:crypto';
import { prepared, Sql } from '../../../platform/db/sql';
import { LedgerTx } from '../../../platform/ledger';
import { loadSettings, Settings } from '../../settings';
import { decideCreateLinks } from '../domain/help-link.decide';
import { MATCHING_STREAM, QueueSource } from '../domain/help.events';
import { Match } from '../domain/matching.decide';
import { Party } from '../rows';

/** A new link id: `HL` and 12 hexadecimal digits. */
export const newLinkId = (): string => `HL${randomBytes(6).toString('hex').toUpperCase()}`;

/** The key every matching transaction (runs and matches by hand) holds: one at a time. */
export const MATCHING_LOCK = 'help-matching';

const MATCHING_HEAD_SQL = prepared(
  'select stream_version, hash from events where stream_id = $1 order by stream_version desc limit 1',
);

/** The matching stream's head (read under the matching lock, so nobody else appends to it meanwhile). */
async function matchingHead(tx: Sql): Promise<{ version: number; hash: string | null }> {
  const [row] = await tx.query<{ stream_version: number; hash: string }>(MATCHING_HEAD_SQL, [MATCHING_STREAM]);
  return row ? { version: row.stream_version, hash: row.hash } : { version: 0, hash: null };
}

/** What `createLinks` reads besides what the caller read: the settings and the matching stream's head, in one write. */
export async function linkContext(
  tx: LedgerTx,
): Promise<{ settings: Settings; head: { version: number; hash: string | null } }> {
  const [settings, head] = await Promise.all(tx.batch(() => [loadSettings(tx), matchingHead(tx)] as const));
  return { settings, head };
}

/**
 * Makes one help link per match, all in one `HelpLinksCreated` on the matching stream (decision
 * 0023), with the parties' names and the receiver's bank details copied now. The caller holds the
 * matching lock and has locked the entries; `sources` names each entry's source (request,
 * withdrawal, entitlement), `parties` each member. `last`: nothing follows in the transaction
 * (COMMIT goes in the same write).
 */
export async function createLinks(
  tx: LedgerTx,
  matches: readonly Match[],
  sources: ReadonlyMap<string, { source: QueueSource; sourceId: string }>,
  parties: ReadonlyMap<string, Party>,
  manual: boolean,
  context?: Awaited<ReturnType<typeof linkContext>>,
  last = false,
): Promise<string[]> {
  if (matches.length === 0) return [];
  const { settings, head } = context ?? (await linkContext(tx));
  const created = decideCreateLinks(
    matches.map((m) => {
      const sender = parties.get(m.senderUid);
      const receiver = parties.get(m.receiverUid);
      const ph = sources.get(m.phEntryId);
      const gh = sources.get(m.ghEntryId);
      if (!sender || !receiver || !ph || !gh)
        throw new Error(`match ${m.phEntryId} → ${m.ghEntryId} without its members or entries`);
      return {
        id: newLinkId(),
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
      };
    }),
  );
  await tx.append(MATCHING_STREAM, head.version, [created], { hash: head.hash, last });
  return created.payload.links.map((l) => l.id);
}
