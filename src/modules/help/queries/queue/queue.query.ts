import { Injectable } from '@nestjs/common';
import { Database } from '../../../../platform/db/database';
import { ListShape, Page, PageRequest, readPage, direction, Where } from '../../../../platform/db/page';
import { prepared, Sql } from '../../../../platform/db/sql';
import { INDIA_DAY } from '../../projections/help-link-days.projection';
import { formatRupees } from '../../../../platform/money';

export interface SideTotal {
  count: number;
  amountRupees: string;
}

/** What waits on one side, as read: the entries with an unmatched amount and the sum of those amounts. */
interface Waiting {
  count: number;
  paise: bigint;
}

/**
 * The waiting entries' count and amount per side, summed from `queue_waiting_totals` (decision 0054):
 * the deltas a trigger on `queue_entries` appends with every change, folded now and then into one row
 * per side — a few rows however many entries wait, exact as of the statement's snapshot.
 */
const WAITING_SQL = prepared(`select side, sum(entries)::int as n, sum(remaining_paise)::text as total
       from queue_waiting_totals group by side`);

/** What waits in each queue: a few rows of `queue_waiting_totals`, not a scan of the waiting entries. */
async function waiting(db: Sql): Promise<{ PH: Waiting; GH: Waiting }> {
  const rows = await db.query<{ side: 'PH' | 'GH'; n: number; total: string }>(WAITING_SQL);
  const of = (side: 'PH' | 'GH'): Waiting => {
    const row = rows.find((r) => r.side === side);
    return { count: row?.n ?? 0, paise: BigInt(row?.total ?? '0') };
  };
  return { PH: of('PH'), GH: of('GH') };
}

const sideTotal = (w: Waiting): SideTotal => ({ count: w.count, amountRupees: formatRupees(w.paise) });

/** What waits in each queue: entries with an unmatched amount, and the sum of those amounts. */
export async function queueTotals(db: Sql): Promise<{ PH: SideTotal; GH: SideTotal }> {
  const w = await waiting(db);
  return { PH: sideTotal(w.PH), GH: sideTotal(w.GH) };
}

export interface MatchingPace {
  links: number;
  amountRupees: string;
  /** Linked in the last 7 days ÷ (linked in the last 7 days + PH waiting now), in percent, two decimals: 100 means nothing waits. */
  ratePercent: string;
}

/**
 * Links made in the last 7 days and the share of the PH demand they met (docs/decisions/0018): the
 * days are India's calendar days, today and the 6 before it, read from the per-day projection
 * (decision 0047), 7 rows however many links the week made. The PH demand still waiting is the
 * queue totals' own (read once for both: decision 0051).
 */
const MATCHING_PACE_SQL =
  prepared(`select coalesce(sum(links), 0)::int as n, coalesce(sum(amount_paise), 0)::text as linked
     from help_link_days where day > ${INDIA_DAY('now()')} - 7`);

async function matchingPace(db: Sql, phWaitingPaise: Promise<bigint>): Promise<MatchingPace> {
  const [[row], waitingPaise] = await Promise.all([
    db.query<{ n: number; linked: string }>(MATCHING_PACE_SQL),
    phWaitingPaise,
  ]);
  const linked = BigInt(row.linked);
  const demand = linked + waitingPaise;
  const basisPoints = demand === 0n ? 0n : (linked * 10_000n) / demand;
  return {
    links: row.n,
    amountRupees: formatRupees(linked),
    ratePercent: `${basisPoints / 100n}.${(basisPoints % 100n).toString().padStart(2, '0')}`,
  };
}

/** The public `/api/network-health`: queue totals and the 7-day matching pace, no member data. */
export async function networkHealth(
  db: Sql,
): Promise<{ queues: { PH: SideTotal; GH: SideTotal }; last7Days: MatchingPace; asOf: string }> {
  const read = waiting(db);
  const [w, last7Days] = await Promise.all([
    read,
    matchingPace(
      db,
      read.then((r) => r.PH.paise),
    ),
  ]);
  return { queues: { PH: sideTotal(w.PH), GH: sideTotal(w.GH) }, last7Days, asOf: new Date().toISOString() };
}

/** The hour (since the epoch) an entry's `since` falls in: the bucket of `queue_waiting_totals` (migration 1763800020800). */
const HOUR_OF = (since: string): string => `floor(extract(epoch from ${since}) / 3600)::bigint`;

/**
 * For each side the member waits in: the position of their oldest waiting entry and what of theirs
 * waits. The entries ahead of it are those of the earlier hours — summed from `queue_waiting_totals`
 * (decision 0054), a row or so per hour — and those of its own hour before it, counted on the
 * waiting index within that hour: the cost no longer grows with the member's place in the queue.
 */
const MEMBER_QUEUE_SQL = prepared(`select m.side,
              (select coalesce(sum(t.entries), 0)::int from queue_waiting_totals t where t.side = m.side and t.hour < m.hour)
              + (select count(*)::int from queue_entries o
                  where o.side = m.side and o.remaining_paise > 0 and o.since >= to_timestamp(m.hour * 3600)
                    and (o.since, o.id) < (m.since, m.id)) + 1 as position,
              (select coalesce(sum(remaining_paise), 0)::text from queue_entries w where w.uid = $1 and w.side = m.side and w.remaining_paise > 0) as waiting
         from (select distinct on (side) side, since, id, ${HOUR_OF('since')} as hour
                 from queue_entries where uid = $1 and remaining_paise > 0 order by side, since, id) m`);

/**
 * The dashboard's queue transparency for one member: the totals, the pace, and where the member
 * stands — for each side they wait in, the position of their oldest waiting entry (1 = next) and
 * what of theirs waits.
 */
export async function memberQueue(db: Sql, uid: string): Promise<Record<string, string>> {
  const read = waiting(db);
  const [w, pace, mine] = await Promise.all([
    read,
    matchingPace(
      db,
      read.then((r) => r.PH.paise),
    ),
    db.query<{ side: 'PH' | 'GH'; position: number; waiting: string }>(MEMBER_QUEUE_SQL, [uid]),
  ]);
  const side = (s: 'PH' | 'GH') => mine.find((r) => r.side === s);
  const totals = { PH: sideTotal(w.PH), GH: sideTotal(w.GH) };
  return {
    phQueueCount: String(totals.PH.count),
    phQueueRupees: totals.PH.amountRupees,
    ghQueueCount: String(totals.GH.count),
    ghQueueRupees: totals.GH.amountRupees,
    myPhQueuePosition: side('PH') ? String(side('PH')!.position) : '',
    myPhQueueRupees: formatRupees(BigInt(side('PH')?.waiting ?? '0')),
    myGhQueuePosition: side('GH') ? String(side('GH')!.position) : '',
    myGhQueueRupees: formatRupees(BigInt(side('GH')?.waiting ?? '0')),
    matchedLinks7d: String(pace.links),
    matchedRupees7d: pace.amountRupees,
    matchingRate7d: pace.ratePercent,
  };
}

/** The waiting PH and GH entries, oldest first (admin's `queue-entries`). */
export const QUEUE_ENTRIES_LIST: ListShape = {
  sortable: ['since', 'amountRupees'],
  key: 'id',
  defaultSort: ['since', 'ASC'],
  filters: { side: 2, member: 6 },
};

const SORT_COLUMN: Record<string, string> = { since: 'since', amountRupees: 'remaining_paise', id: 'id' };

export async function listQueueEntries(db: Sql, page: PageRequest): Promise<Page<Record<string, unknown>>> {
  const where = new Where().add('remaining_paise > $?', 0).equal(page.filter, { side: 'side', member: 'uid' });
  const sort = SORT_COLUMN[page.sortField] ?? 'since';
  const result = await readPage<{
    id: string;
    side: string;
    uid: string;
    remaining: string;
    source: string;
    source_id: string;
    since: Date;
  }>(
    db,
    'queue_entries',
    'id, side, uid, remaining_paise::text as remaining, source, source_id, since',
    where,
    `${sort} ${direction(page)}, since, id`,
    page,
  );
  return {
    total: result.total,
    rows: result.rows.map((r) => ({
      id: r.id,
      side: r.side,
      member: r.uid,
      amountRupees: formatRupees(BigInt(r.remaining)),
      source: r.source,
      sourceId: r.source_id,
      since: r.since.toISOString(),
    })),
  };
}

/** The queue reads the APIs inject. */
@Injectable()
export class QueueQuery {
  constructor(private readonly db: Database) {}

  totals() {
    return queueTotals(this.db);
  }

  health() {
    return networkHealth(this.db);
  }

  /** `sql`: the API's pipelined connection for the whole dashboard. */
  member(uid: string, sql: Sql = this.db) {
    return memberQueue(sql, uid);
  }

  list(page: PageRequest) {
    return listQueueEntries(this.db, page);
  }
}
