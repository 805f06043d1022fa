/**
 * SQL: event `a` comes before event `b` in the ledger's commit-safe order, (transaction id, position).
 * Positions are handed out at INSERT, not at commit, so an event at a lower position can commit after
 * a higher one; by this order, once no transaction older than `b`'s is still open (what the outbox
 * relay waits for before it delivers `b`), everything before `b` is committed and nothing can join it.
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
