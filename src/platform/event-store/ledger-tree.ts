import { Sql } from '../db/sql';
import { foldRight, Hash, LeafRange, leafHash, MerkleFrontier, NodeKey, perfectParts } from './merkle';

/**
 * The ledger's RFC 9162 tree as stored (migration LedgerTree, decision 0045): leaves in ledger
 * order (tx_id, position) in `ledger_tree_leaves`, complete interior nodes in `ledger_tree_nodes`.
 * Derived from the events alone; grown only up to the end of a checkpoint, where the ledger order
 * is final (nothing can join a covered range), so every writer computes the same rows.
 */

/** The signed tree head as published (GET /api/ledger/tree-head, POST /api/MyStatement's `treeHead`). */
export interface TreeHead {
  treeSize: number;
  rootHash: string;
  time: string;
  keyId: string;
  signature: string;
  /** The exact text the Ed25519 signature covers: rebuild it from the fields above, do not trust it. */
  signedMessage: string;
}

/** What a tree head's signature covers (UTF-8, each line ending in \n): docs/ledger-format.md. */
export const treeHeadMessage = (h: { keyId: string; treeSize: number; rootHash: string; time: string }): string =>
  `sahyog-ledger-tree-head v1\nkey ${h.keyId}\ntree_size ${h.treeSize}\nroot_hash ${h.rootHash}\ntime ${h.time}\n`;

/**
 * Holds the stored tree for the rest of the transaction: growers read its end and append after it,
 * and a rebuild empties it, one at a time (two growers reading the same end, or one reading it
 * before a rebuild's delete, would put leaves at indexes the events do not give them).
 */
export async function lockLedgerTree(sql: Sql): Promise<void> {
  await sql.execute("select pg_advisory_xact_lock(hashtext('ledger-tree'))");
}

/** Events read and leaves written per statement while growing the tree. */
export const TREE_BATCH = 5000;

export interface LedgerPoint {
  txId: string;
  position: string;
}

/** How many leaves the stored tree has, and the ledger point of its last one (null: none). */
export async function storedTreeEnd(sql: Sql): Promise<{ size: number; last: LedgerPoint | null }> {
  const [row] = await sql.query<{ leaf_index: string; position: string; tx_id: string }>(
    `select l.leaf_index::text as leaf_index, l.position::text as position, e.tx_id::text as tx_id
       from ledger_tree_leaves l join events e on e.position = l.position
      order by l.leaf_index desc limit 1`,
  );
  return row
    ? { size: Number(row.leaf_index) + 1, last: { txId: row.tx_id, position: row.position } }
    : { size: 0, last: null };
}

const keyOf = (k: NodeKey) => `${k.level} ${k.index}`;

/** The stored hashes of the given nodes; throws when one is missing (a tree not grown that far, or rows deleted). */
export async function readNodes(sql: Sql, keys: readonly NodeKey[]): Promise<Map<string, Hash>> {
  const unique = [...new Map(keys.map((k) => [keyOf(k), k])).values()];
  const found = new Map<string, Hash>();
  if (unique.length === 0) return found;
  // Two index look-ups (leaves by leaf_index, nodes by their primary key), one round trip each, in turn.
  const leaves = unique.filter((k) => k.level === 0);
  const nodes = unique.filter((k) => k.level > 0);
  const leafRows =
    leaves.length === 0
      ? []
      : await sql.query<{ idx: string; hash: Buffer }>(
          'select leaf_index::text as idx, hash from ledger_tree_leaves where leaf_index = any($1::bigint[])',
          [leaves.map((k) => String(k.index))],
        );
  const nodeRows =
    nodes.length === 0
      ? []
      : await sql.query<{ level: number; idx: string; hash: Buffer }>(
          `select n.level, n.idx::text as idx, n.hash
             from unnest($1::smallint[], $2::bigint[]) as k(level, idx)
             join ledger_tree_nodes n on n.level = k.level and n.idx = k.idx`,
          [nodes.map((k) => k.level), nodes.map((k) => String(k.index))],
        );
  for (const row of leafRows) found.set(`0 ${row.idx}`, row.hash);
  for (const row of nodeRows) found.set(`${row.level} ${row.idx}`, row.hash);
  const missing = unique.find((k) => !found.has(keyOf(k)));
  if (missing) throw new LedgerTreeIncomplete(`the ledger tree has no node (${missing.level}, ${missing.index})`);
  return found;
}

/** The stored tree is missing a node a proof needs: `npm run ledger -- tree-rebuild` (docs/operations.md). */
export class LedgerTreeIncomplete extends Error {}

/** MTH of each list of ranges (every proof element), from the stored nodes: one read for all. */
export async function rangeHashes(sql: Sql, lists: ReadonlyArray<readonly LeafRange[]>): Promise<Hash[][]> {
  const parts = lists.map((ranges) => ranges.map(perfectParts));
  const nodes = await readNodes(sql, parts.flat(2));
  return parts.map((ranges) => ranges.map((keys) => foldRight(keys.map((k) => nodes.get(keyOf(k))!))));
}

/** The tree of the first `size` leaves as a frontier (to grow it, or for its root). */
export async function frontierAt(sql: Sql, size: number): Promise<MerkleFrontier> {
  const keys = MerkleFrontier.keys(size);
  const nodes = await readNodes(sql, keys);
  return new MerkleFrontier(
    size,
    keys.map((k) => ({ level: k.level, hash: nodes.get(keyOf(k))! })),
  );
}

/** Appends leaves (events in ledger order) to `frontier`, storing each leaf and every node it completes. */
export async function appendLeaves(
  sql: Sql,
  frontier: MerkleFrontier,
  events: ReadonlyArray<{ position: string; hash: string }>,
): Promise<void> {
  for (let from = 0; from < events.length; from += TREE_BATCH) {
    const batch = events.slice(from, from + TREE_BATCH);
    const first = frontier.size;
    const leaves = batch.map((e) => leafHash(e.hash));
    const completed: Array<NodeKey & { hash: Hash }> = [];
    for (const leaf of leaves) frontier.append(leaf, completed);
    // Another checkpoint writer may be growing the same tree: the rows are the same, first one in wins.
    await sql.execute(
      `insert into ledger_tree_leaves (leaf_index, position, hash)
       select i, p, decode(h, 'hex') from unnest($1::bigint[], $2::bigint[], $3::text[]) as u(i, p, h)
       on conflict do nothing`,
      [batch.map((_, i) => String(first + i)), batch.map((e) => e.position), leaves.map((l) => l.toString('hex'))],
    );
    if (completed.length > 0)
      await sql.execute(
        `insert into ledger_tree_nodes (level, idx, hash)
         select l, i, decode(h, 'hex') from unnest($1::smallint[], $2::bigint[], $3::text[]) as u(l, i, h)
         on conflict do nothing`,
        [
          completed.map((c) => c.level),
          completed.map((c) => String(c.index)),
          completed.map((c) => c.hash.toString('hex')),
        ],
      );
  }
}

/**
 * Grows the stored tree with the events after its last leaf up to `bound` (inclusive, a checkpoint's
 * end), at most `maxEvents` of them; returns the frontier it ends at.
 */
export async function growTree(
  sql: Sql,
  bound: LedgerPoint,
  maxEvents = Infinity,
): Promise<{ frontier: MerkleFrontier; grown: number }> {
  await lockLedgerTree(sql);
  const end = await storedTreeEnd(sql);
  const frontier = await frontierAt(sql, end.size);
  let cursor = end.last ?? { txId: '0', position: '0' };
  let grown = 0;
  while (grown < maxEvents) {
    const limit = Math.min(TREE_BATCH, maxEvents - grown);
    const rows = await sql.query<{ position: string; tx_id: string; hash: string }>(
      `select position::text as position, tx_id::text as tx_id, hash from events
        where (tx_id, position) > ($1::xid8, $2::bigint) and (tx_id, position) <= ($3::xid8, $4::bigint)
        order by events.tx_id, events.position limit ${limit}`,
      [cursor.txId, cursor.position, bound.txId, bound.position],
    );
    if (rows.length === 0) break;
    await appendLeaves(sql, frontier, rows);
    grown += rows.length;
    cursor = { txId: rows[rows.length - 1].tx_id, position: rows[rows.length - 1].position };
    if (rows.length < limit) break;
  }
  return { frontier, grown };
}

/** Leaf index of each event position the stored tree holds. */
export async function leafIndexes(sql: Sql, positions: readonly string[]): Promise<Map<string, number>> {
  if (positions.length === 0) return new Map();
  const rows = await sql.query<{ position: string; leaf_index: string }>(
    `select position::text as position, leaf_index::text as leaf_index from ledger_tree_leaves where position = any($1::bigint[])`,
    [positions],
  );
  return new Map(rows.map((r) => [r.position, Number(r.leaf_index)]));
}
