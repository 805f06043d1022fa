/**
 * SQL: event `a` comes before event `b` in the ledger's commit-safe order, (transaction id, position).
 * Positions are handed out at INSERT, not at commit, so an event at a lower position can commit after
 * a higher one; by this order, once `b` is below the ledger's horizon (`ledgerHorizon`: no ledger
 * writer older than `b`'s transaction is still open — what the outbox relay waits for before it
 * delivers `b`), everything before `b` is committed and nothing can join it.
 * Rules that ask what held "before" an event (settings in force, an upline active) use this order.
 */
export const EARLIER_IN_LEDGER = (a: string, b: string): string =>
  `(${a}.tx_id, ${a}.position) < (${b}.tx_id, ${b}.position)`;

/**
 * The ledger orders events by (transaction id, position) — the outbox relay delivers in that order
 * and level income decides "before" by it (decision 0012) — so every new transaction id must be
 * above every stored one. A physical backup or `pg_upgrade` keeps that true; a logical restore
 * (`pg_dump`/`pg_restore`) into a new cluster does not: the stored `tx_id`s come from the old
 * cluster, and the new one starts counting low. Then new events would sort before old ones.
 */
const TRANSACTION_IDS_SQL = `select (select max(tx_id) from events)::text as ledger_max, pg_snapshot_xmax(pg_current_snapshot())::text as server_next`;

/** Throws when this server's next transaction id is not above every transaction id in the ledger. */
export async function assertTransactionIdsAhead(
  query: (text: string) => Promise<Array<{ ledger_max: string | null; server_next: string }>>,
): Promise<void> {
  const [row] = await query(TRANSACTION_IDS_SQL);
  if (!row || row.ledger_max === null || BigInt(row.server_next) > BigInt(row.ledger_max)) return;
  throw new Error(
    `the ledger's transaction ids (up to ${row.ledger_max}) are ahead of this PostgreSQL server's (next ${row.server_next}): ` +
      'the database was restored into a new cluster without its transaction-id epoch, and new events would sort before old ones. ' +
      'Stop, and prepare the new cluster as docs/operations.md ("Backups") says before restoring.',
  );
}

/**
 * The advisory lock a ledger writer holds, shared, from the first statement of its transaction to its
 * end (two int4 keys, so it can never equal the app's one-key `pg_advisory_xact_lock(hashtext(…))`).
 */
export const LEDGER_WRITER_LOCK = { classid: 5362, objid: 36 } as const;

/**
 * Registers the transaction as a ledger writer: the first statement of every transaction that may
 * append (Database.transaction sends it with BEGIN). It must come before the transaction has a
 * transaction id — the horizon below relies on it — so a late registration is marked `late`, and the
 * events table's `events_registered_writer` trigger refuses an insert from a transaction that is not
 * `registered` (decision 0036).
 */
export const REGISTER_LEDGER_WRITER_SQL =
  `select pg_advisory_xact_lock_shared(${LEDGER_WRITER_LOCK.classid}, ${LEDGER_WRITER_LOCK.objid}), ` +
  `set_config('sahyog.ledger_writer', case when pg_current_xact_id_if_assigned() is null then 'registered' else 'late' end, true)`;

/**
 * The common terms (CTEs) of the horizon and of its holders: `snap` (the snapshot), `locks` (one
 * materialized scan of the granted transaction-id locks and of this database's registered-writer
 * locks) and `held` (each transaction-id lock with its id widened to xid8 next to the snapshot's xmax).
 *
 * A transaction-id lock and a writer lock belong to the same transaction when they have the same
 * **pid**, never by `virtualtransaction`: PostgreSQL clears a committing backend's local transaction
 * id when it leaves the proc array, before it releases its locks, and `pg_locks` reads that id per row
 * without the proc array's lock — so a writer committing during the scan can show its two locks under
 * two virtual transactions ("20/4" and "20/0"), and was taken for a transaction that never registered:
 * the horizon then passed its events (decision 0050). Within the scan the main lock table cannot change
 * (all its partition locks are held), and a backend's transaction-level locks all go at its
 * transaction's end, so one pid holding both means one transaction holding both. A lock without a pid
 * (a prepared transaction) counts as a writer's.
 */
const horizonTerms = (snapshot: string): string => `snap as materialized (select ${snapshot} as s),
  locks as materialized (
    select locktype, pid, transactionid::text::bigint as xid32
      from pg_locks
     where granted
       and ((locktype = 'transactionid' and mode = 'ExclusiveLock')
            or (locktype = 'advisory' and classid = ${LEDGER_WRITER_LOCK.classid} and objid = ${LEDGER_WRITER_LOCK.objid} and objsubid = 2
                and database = (select oid from pg_database where datname = current_database())))),
  held as (
    select l.pid,
           x.xmax + ((((l.xid32 - (x.xmax & 4294967295)) + 2147483648) & 4294967295) - 2147483648) as xid
      from locks l, (select pg_snapshot_xmax(s)::text::bigint as xmax from snap) x
     where l.locktype = 'transactionid')`;

/**
 * SQL (a scalar subquery): the ledger's horizon as of `snapshot` (the calling statement's
 * `pg_current_snapshot()`) — every event whose transaction id is below it that will ever commit is
 * already visible to that statement, so a reader may deliver, sign or decide on everything below it
 * in (transaction id, position) order and nothing can join it later (decision 0036).
 *
 * It is the lowest of: the snapshot's xmax (a transaction id not yet handed out is above it); each
 * transaction id the snapshot saw running whose lock is gone from `pg_locks` (it ended after the
 * snapshot was taken, or had not yet entered its lock: its events, if any, are not in the snapshot);
 * and each transaction id held by a registered ledger writer of this database (registration comes
 * before the id, so a writer holding an id now is always seen; its two locks are matched by pid, see
 * `horizonTerms`). A transaction that never registered
 * — a long report, a backup, another database — cannot append, so it holds nothing back, unlike
 * `pg_snapshot_xmin`, which is the oldest running transaction of the whole server.
 * `pg_locks` is read once (one materialized scan, a consistent view of the lock table), after the snapshot.
 * Its `transactionid` is a 32-bit xid: widened to xid8 next to the snapshot's xmax (running ids are within 2^31 of it).
 */
export const ledgerHorizon = (snapshot: string): string => `(
  with ${horizonTerms(snapshot)}
  select least(
           (select pg_snapshot_xmax(s) from snap),
           (select min(r) from snap, pg_snapshot_xip(s) r where not exists (select 1 from held h where h.xid = r::text::bigint)),
           (select min(h.xid)::text::xid8 from held h
             where h.pid is distinct from pg_backend_pid()
               and (h.pid is null or exists (select 1 from locks w where w.locktype = 'advisory' and w.pid = h.pid))))
)`;

/** A reader that has waited this long on the ledger's horizon names what holds it (`ledgerHorizonHolders`) in its log. */
export const HORIZON_WAIT_LOG_MS = 10_000;

/** One transaction that holds the ledger's horizon back (see `ledgerHorizonHolders`). */
export interface HorizonHolder {
  xid: string;
  pid: number | null;
  /** `ledger writer`: a registered writer of this database; `no lock seen`: in the snapshot, its lock not (or no longer) in `pg_locks`. */
  why: 'ledger writer' | 'no lock seen';
  database: string | null;
  applicationName: string | null;
  state: string | null;
  /** Seconds since the holder's transaction began (null when not visible to this role). */
  transactionAgeSeconds: number | null;
  query: string | null;
}

/**
 * The transactions that hold the horizon at or below `$1` (a transaction id): the same terms as
 * `ledgerHorizon`, each joined with `pg_stat_activity` (by pid, or by `backend_xid` for an id seen
 * without its lock), oldest first. What a long wait logs, so an operator sees who to look at.
 */
const HORIZON_HOLDERS_SQL = `
  with ${horizonTerms('pg_current_snapshot()')},
  holders as (
    select h.xid, h.pid, 'ledger writer' as why
      from held h
     where h.pid is distinct from pg_backend_pid()
       and (h.pid is null or exists (select 1 from locks w where w.locktype = 'advisory' and w.pid = h.pid))
    union all
    select r::text::bigint, null, 'no lock seen'
      from snap, pg_snapshot_xip(s) r
     where not exists (select 1 from held h where h.xid = r::text::bigint))
  select h.xid::text as xid, coalesce(h.pid, a.pid) as pid, h.why, a.datname as database, a.application_name, a.state,
         extract(epoch from now() - a.xact_start)::int as transaction_age_seconds, left(a.query, 300) as query
    from holders h
    left join lateral (
      select * from pg_stat_activity a
       where a.pid = h.pid or (h.pid is null and a.backend_xid::text::bigint = (h.xid & 4294967295))
       limit 1) a on true
   where h.xid <= $1::text::bigint
   order by h.xid
   limit 5`;

/** The transactions holding the ledger's horizon at or below transaction id `atOrBelow` (at most five, oldest first). */
export async function ledgerHorizonHolders(
  sql: { query<T>(text: string, params?: unknown[]): Promise<T[]> },
  atOrBelow: string,
): Promise<HorizonHolder[]> {
  const rows = await sql.query<{
    xid: string;
    pid: number | null;
    why: HorizonHolder['why'];
    database: string | null;
    application_name: string | null;
    state: string | null;
    transaction_age_seconds: number | null;
    query: string | null;
  }>(HORIZON_HOLDERS_SQL, [atOrBelow]);
  return rows.map((r) => ({
    xid: r.xid,
    pid: r.pid,
    why: r.why,
    database: r.database,
    applicationName: r.application_name,
    state: r.state,
    transactionAgeSeconds: r.transaction_age_seconds,
    query: r.query,
  }));
}

/** One line per holder, for a log or an error message. */
export const describeHorizonHolders = (holders: readonly HorizonHolder[]): string =>
  holders.length === 0
    ? 'no holder seen any more'
    : holders
        .map(
          (h) =>
            `xid ${h.xid} (${h.why}) pid ${h.pid ?? '?'} application_name ${JSON.stringify(h.applicationName ?? '?')} ` +
            `database ${h.database ?? '?'} state ${h.state ?? '?'} open ${h.transactionAgeSeconds ?? '?'} s query ${JSON.stringify(h.query ?? '?')}`,
        )
        .join('; ');
