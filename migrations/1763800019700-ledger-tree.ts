import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The RFC 9162 Merkle tree over the ledger (decision 0045), kept so that a proof costs O(log n)
 * node reads instead of O(n) hashing per request. Leaves are the events in ledger order
 * (tx_id, position), one row each with its leaf hash; nodes are the complete interior subtrees,
 * (level, idx) covering leaves [idx·2^level, (idx+1)·2^level). Both are derived from the events
 * alone and grown by the checkpoint writer in the transaction that signs the tree head, so they
 * are a cache of the ledger, not evidence: `verify` recomputes them from the events and names
 * every differing row, and `npm run ledger -- tree-rebuild` rebuilds them. The app role only
 * reads and appends.
 */
export class LedgerTree1763800019700 implements MigrationInterface {
  name = 'LedgerTree1763800019700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table ledger_tree_leaves (
        leaf_index bigint primary key check (leaf_index >= 0),
        position   bigint not null unique,
        hash       bytea  not null check (length(hash) = 32)
      )`);
    await q.query(`
      create table ledger_tree_nodes (
        level smallint not null check (level between 1 and 62),
        idx   bigint   not null check (idx >= 0),
        hash  bytea    not null check (length(hash) = 32),
        primary key (level, idx)
      )`);
    for (const table of ['ledger_tree_leaves', 'ledger_tree_nodes']) {
      await q.query(`revoke update, delete, truncate on ${table} from sahyog_app`);
      await q.query(`grant select, insert on ${table} to sahyog_app`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop table ledger_tree_nodes');
    await q.query('drop table ledger_tree_leaves');
  }
}
