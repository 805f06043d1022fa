import { prepared } from '../../../platform/db/sql';
import { PositionBatcher } from '../../../platform/jobs/batcher';
import { Ledger } from '../../../platform/ledger';
import { CLOSURE_DEPTH } from '../../identity';
import { TEAM_TOTALS_STREAM, TeamTotalsCounted, TeamTotalsKind } from '../domain/team-totals.events';

/** Jobs counted in one TeamTotalsCounted at the most (the worker's team-totals concurrency is this too). */
export const TEAM_TOTALS_BATCH = 64;

/**
 * What the events at these positions ($1) still need counted in their members' far uplines: a
 * registration, or a first top-up (kind activation, whose registration is counted with it when it
 * was not yet), of a member with a 15th upline (a closure row at depth CLOSURE_DEPTH: someone is
 * farther up), not counted before. Other events, and members without one, need nothing.
 */
const TO_COUNT_SQL = prepared(`with picked as (
     select substr(e.stream_id, length('member-') + 1)::char(6) as uid, e.type = 'MemberToppedUp' as activation
       from events e
      where e.position = any($1::bigint[])
        and (e.type = 'MemberRegistered' or (e.type = 'MemberToppedUp' and e.payload->>'kind' = 'activation'))
        and exists (select 1 from member_tree t
                     where t.descendant_uid = substr(e.stream_id, length('member-') + 1)::char(6) and t.depth = $2::integer)),
   wanted as (
     select uid, 'registered' as kind from picked
     union
     select uid, 'activated' from picked where activation)
   select w.uid::text as uid, w.kind from wanted w
    where not exists (select 1 from team_totals_counted c where c.uid = w.uid and c.kind = w.kind)
    order by w.uid, w.kind = 'activated'`);

const HEAD_SQL = prepared(
  'select stream_version as version, hash from events where stream_id = $1 order by stream_version desc limit 1',
);

/**
 * Counts the members of these events in the whole-team totals of their uplines more than 15
 * levels up (decision 0052): one `TeamTotalsCounted` on the stream `team-totals` at its head, in
 * one transaction, naming each member and kind not counted yet; its projection writes the far rows.
 * Two racing runs collide on the stream's version: the loser re-runs and finds them counted, so
 * each member is counted once per kind (and `team_totals_counted`'s key refuses a second count
 * anyway). Answers how many (member, kind) it counted.
 */
export async function countTeamTotals(ledger: Ledger, positions: readonly string[]): Promise<number> {
  const unique = [...new Set(positions)];
  if (unique.length === 0) return 0;
  return ledger.run(
    {
      actor: { kind: 'system', id: 'team-totals' },
      correlationId:
        unique.length === 1 ? `team-totals-${unique[0]}` : `team-totals-${unique.length}-from-${unique[0]}`,
      ...(unique.length === 1 ? { causationId: unique[0] } : {}),
    },
    async (tx) => {
      // The head first: a count that commits after it makes this append collide on the version (and
      // re-run), one that committed before it is seen by the read of what is still to count.
      const [head] = await tx.query<{ version: number; hash: string }>(HEAD_SQL, [TEAM_TOTALS_STREAM]);
      const counted = await tx.query<{ uid: string; kind: TeamTotalsKind }>(TO_COUNT_SQL, [unique, CLOSURE_DEPTH]);
      if (counted.length === 0) return 0;
      const payload: TeamTotalsCounted = { counted: counted.map((c) => ({ uid: c.uid, kind: c.kind })) };
      await tx.append(TEAM_TOTALS_STREAM, head?.version ?? 0, [{ type: 'TeamTotalsCounted', payload }], {
        hash: head?.hash ?? null,
        last: true,
      });
      return counted.length;
    },
  );
}

/**
 * Gathers the team-totals jobs that arrive while a count is in flight and counts them together in
 * the next one (at most `maxBatch` per transaction, one transaction at a time: `PositionBatcher`, as
 * level income is paid): under a burst of top-ups or of registrations deep in a chain, a row shared
 * by several members is written once per batch rather than once per member. A batch that fails
 * falls back to one count per job, so one bad event fails only its own job (which BullMQ retries).
 */
export class TeamTotalsBatcher {
  private readonly batcher: PositionBatcher<number>;

  constructor(
    ledger: Ledger,
    readonly maxBatch = TEAM_TOTALS_BATCH,
  ) {
    this.batcher = new PositionBatcher<number>(
      'team-totals',
      async (positions) => {
        const n = await countTeamTotals(ledger, positions);
        return () => n;
      },
      (position) => countTeamTotals(ledger, [position]),
      maxBatch,
    );
  }

  count(position: string): Promise<number> {
    return this.batcher.add(position);
  }
}
