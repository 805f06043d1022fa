import { Sql } from '../../platform/db/sql';
import { CHECKPOINT_STREAM, CheckpointPayload } from '../../platform/event-store/checkpoint';
import { treeHeadMessage } from '../../platform/event-store/ledger-tree';
import { leafHash, MerkleFrontier } from '../../platform/event-store/merkle';
import { LedgerKeys } from '../../platform/event-store/signing';
import { LedgerCheck, MAX_PROBLEMS, Problem } from './problem';

/** Events read per batch while re-deriving the tree. */
const TREE_VERIFY_BATCH = 5000;

const treeProblem = (position: string, reason: string): Problem => ({ position, stream_id: 'ledger-tree', reason });

/**
 * The RFC 9162 tree (decision 0045), re-derived from the events alone in one pass in ledger order:
 * every signed tree head (a checkpoint's treeSize, rootHash, treeSignature) is the tree of exactly
 * the events up to its checkpoint, under a published key, and once tree heads began every
 * checkpoint carries one; every stored leaf is its event's, at its index; every stored node is the
 * hash of its two children, and no level misses one. The stored tree is a cache: a difference is
 * named (the rows, by leaf index or node) so `npm run ledger -- tree-rebuild` can be run.
 */
export function ledgerTreeCheck(keys: LedgerKeys): LedgerCheck {
  return {
    name: 'ledger tree',
    async run(sql: Sql): Promise<Problem[]> {
      const problems: Problem[] = [];
      const note = (p: Problem) => void (problems.length < MAX_PROBLEMS && problems.push(p));
      const checkpoints = await sql.query<{ position: string; payload: CheckpointPayload }>(
        'select position::text as position, payload from events where stream_id = $1 order by stream_version',
        [CHECKPOINT_STREAM],
      );
      const ends = new Map<string, { position: string; payload: CheckpointPayload }>();
      let headsBegan = false;
      for (const c of checkpoints) {
        if (c.payload.treeSize !== undefined) headsBegan = true;
        else if (headsBegan) note(treeProblem(c.position, 'checkpoint without a tree head after tree heads began'));
        if (c.payload.treeSize !== undefined) ends.set(`${c.payload.toTxId} ${c.payload.toPosition}`, c);
      }

      const tree = new MerkleFrontier(0, []);
      let cursor = { txId: '0', position: '0' };
      for (;;) {
        const rows = await sql.query<{
          position: string;
          tx_id: string;
          hash: string;
          leaf_index: string | null;
          leaf: Buffer | null;
        }>(
          `select e.position::text as position, e.tx_id::text as tx_id, e.hash, l.leaf_index::text as leaf_index, l.hash as leaf
             from events e left join ledger_tree_leaves l on l.position = e.position
            where (e.tx_id, e.position) > ($1::xid8, $2::bigint)
            order by e.tx_id, e.position limit ${TREE_VERIFY_BATCH}`,
          [cursor.txId, cursor.position],
        );
        for (const row of rows) {
          const leaf = leafHash(row.hash);
          const index = tree.size;
          if (row.leaf_index !== null && (Number(row.leaf_index) !== index || !row.leaf?.equals(leaf)))
            note(
              treeProblem(
                row.position,
                `ledger_tree_leaves row of this event differs (leaf ${row.leaf_index}, expected leaf ${index} with its hash)`,
              ),
            );
          tree.append(leaf);
          const checkpoint = ends.get(`${row.tx_id} ${row.position}`);
          if (checkpoint) headProblems(keys, checkpoint.position, checkpoint.payload, tree).forEach(note);
        }
        if (rows.length > 0) cursor = { txId: rows[rows.length - 1].tx_id, position: rows[rows.length - 1].position };
        if (rows.length < TREE_VERIFY_BATCH) break;
      }
      for (const c of ends.values())
        if (c.payload.treeSize !== undefined && !checkpointReached(c, cursor))
          note(treeProblem(c.position, 'tree head of a checkpoint whose end is not an event'));

      for (const p of await storedTreeProblems(sql, tree.size)) note(p);
      return problems;
    },
  };
}

const checkpointReached = (c: { payload: CheckpointPayload }, last: { txId: string; position: string }) =>
  BigInt(c.payload.toTxId) < BigInt(last.txId) ||
  (c.payload.toTxId === last.txId && BigInt(c.payload.toPosition) <= BigInt(last.position));

function headProblems(keys: LedgerKeys, position: string, p: CheckpointPayload, tree: MerkleFrontier): Problem[] {
  const found: Problem[] = [];
  const root = tree.root().toString('hex');
  if (p.treeSize !== tree.size)
    found.push(
      treeProblem(position, `tree head says ${p.treeSize} events, the ledger holds ${tree.size} up to its checkpoint`),
    );
  else if (p.rootHash !== root)
    found.push(treeProblem(position, `tree head root ${p.rootHash} is not the events' root ${root}`));
  const message = treeHeadMessage({
    keyId: p.keyId,
    treeSize: p.treeSize!,
    rootHash: p.rootHash ?? '',
    time: p.signedAt,
  });
  const bad = keys.checkMessage(p.keyId, message, p.treeSignature);
  if (bad) found.push(treeProblem(position, `tree head ${bad}`));
  return found;
}

/** Stored rows past the events, nodes that are not the hash of their children, and levels missing nodes. */
async function storedTreeProblems(sql: Sql, size: number): Promise<Problem[]> {
  const found: Problem[] = [];
  const [extra] = await sql.query<{ n: number }>(
    'select count(*)::int as n from ledger_tree_leaves where leaf_index >= $1',
    [size],
  );
  if (extra.n > 0)
    found.push(treeProblem('0', `ledger_tree_leaves holds ${extra.n} rows past the ledger's ${size} events`));
  const wrong = await sql.query<{ level: number; idx: string }>(
    `select n.level, n.idx::text as idx
       from ledger_tree_nodes n
       left join ledger_tree_leaves l0 on n.level = 1 and l0.leaf_index = 2 * n.idx
       left join ledger_tree_leaves l1 on n.level = 1 and l1.leaf_index = 2 * n.idx + 1
       left join ledger_tree_nodes c0 on n.level > 1 and c0.level = n.level - 1 and c0.idx = 2 * n.idx
       left join ledger_tree_nodes c1 on n.level > 1 and c1.level = n.level - 1 and c1.idx = 2 * n.idx + 1
      where n.hash is distinct from sha256('\\x01'::bytea || coalesce(l0.hash, c0.hash) || coalesce(l1.hash, c1.hash))
      order by n.level, n.idx limit ${MAX_PROBLEMS}`,
  );
  for (const w of wrong)
    found.push(treeProblem('0', `ledger_tree_nodes (${w.level}, ${w.idx}) is not the hash of its two children`));
  const stored = await sql.query<{ level: number; n: string }>(
    'select level, count(*)::text as n from ledger_tree_nodes group by level order by level',
  );
  const [span] = await sql.query<{ n: string; next: string }>(
    'select count(*)::text as n, coalesce(max(leaf_index) + 1, 0)::text as next from ledger_tree_leaves',
  );
  const leaves = Number(span.n);
  if (leaves !== Number(span.next))
    found.push(
      treeProblem(
        '0',
        `ledger_tree_leaves misses ${Number(span.next) - leaves} of leaves 0 to ${Number(span.next) - 1}`,
      ),
    );
  const counts = new Map(stored.map((s) => [s.level, Number(s.n)]));
  for (let level = 1; 2 ** level <= leaves; level++) {
    const expected = Math.floor(leaves / 2 ** level);
    if ((counts.get(level) ?? 0) !== expected)
      found.push(
        treeProblem(
          '0',
          `ledger_tree_nodes level ${level} holds ${counts.get(level) ?? 0} nodes, ${expected} expected for ${leaves} leaves`,
        ),
      );
  }
  return found;
}
