import { EventMetadata } from '../../../../platform/event-store/event.types';
import { Ledger } from '../../../../platform/ledger';
import { decideMatching } from '../../domain/matching.decide';
import { lockWaiting, withReceiverBanks } from '../../rows';
import { createLinks, linkContext, MATCHING_LOCK } from '../../steps/create-links';

/** Entries read per side, and links made, per transaction of a run. */
export const MATCH_BATCH = 500;
/** A run stops after this many links; the next run goes on. */
export const MAX_LINKS_PER_RUN = 20_000;

export interface MatchingResult {
  links: number;
  amountPaise: bigint;
  /** Another run held the matching lock: this one did nothing. */
  busy: boolean;
}

/**
 * One matching run: oldest PH against oldest GH, in transactions of at most `batch` links, each
 * holding the matching lock (a second run at the same moment finds it taken and stops) and the
 * entries it reads; a crash loses at most the transaction in flight, which made nothing. Running
 * it again only matches what still waits. Each transaction's links are one `HelpLinksCreated`
 * (decision 0023): four round trips (the lock; both sides, settings and the matching stream's
 * head; the event with its projections and COMMIT).
 */
export async function runMatching(
  ledger: Ledger,
  metadata: EventMetadata,
  { batch = MATCH_BATCH, maxLinks = MAX_LINKS_PER_RUN }: { batch?: number; maxLinks?: number } = {},
): Promise<MatchingResult> {
  let links = 0;
  let amountPaise = 0n;
  while (links < maxLinks) {
    const made = await ledger.run(metadata, async (tx) => {
      const [lock] = await tx.query<{ ok: boolean }>('select pg_try_advisory_xact_lock(hashtext($1)) as ok', [
        MATCHING_LOCK,
      ]);
      if (!lock.ok) return null;
      // Both sides, the settings and the matching stream's head in one write.
      const [ph, gh, context] = await Promise.all(
        tx.batch(() => [lockWaiting(tx, 'PH', batch), lockWaiting(tx, 'GH', batch), linkContext(tx)] as const),
      );
      const matches = decideMatching(ph, gh, Math.min(batch, maxLinks - links));
      const entries = new Map([...ph, ...gh].map((e) => [e.id, e]));
      const parties = await withReceiverBanks(tx, new Map([...ph, ...gh].map((e) => [e.uid, e.party])));
      await createLinks(tx, matches, entries, parties, false, context, true);
      return { n: matches.length, amount: matches.reduce((sum, m) => sum + m.amountPaise, 0n) };
    });
    if (made === null) return { links, amountPaise, busy: links === 0 };
    if (made.n === 0) break;
    links += made.n;
    amountPaise += made.amount;
  }
  return { links, amountPaise, busy: false };
}
