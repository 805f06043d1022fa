import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { runLedgerCommand } from '../src/cli/ledger';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { ledgerTreeCheck } from '../src/modules/ledger-audit/tree-checks';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { writeCheckpoint } from '../src/platform/event-store/checkpoint';
import { MerkleFrontier, verifyConsistency, verifyInclusion } from '../src/platform/event-store/merkle';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { checkpointCovering, lastPosition } from './support/checkpoint';
import { HelpCircle } from './support/help-circle';
import { testLedgerKeys } from './support/ledger-keys';
import { Network } from './support/network';
import { seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

// An independent, literal RFC 9162 §2.1 (recursion over the leaf list), to check the product's stored tree against.
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const split = (n: number) => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};
const MTH = (d: Buffer[]): Buffer =>
  d.length === 1
    ? sha(Buffer.from([0]), d[0])
    : sha(Buffer.from([1]), MTH(d.slice(0, split(d.length))), MTH(d.slice(split(d.length))));
const PATH = (m: number, d: Buffer[]): Buffer[] => {
  if (d.length === 1) return [];
  const k = split(d.length);
  return m < k ? [...PATH(m, d.slice(0, k)), MTH(d.slice(k))] : [...PATH(m - k, d.slice(k)), MTH(d.slice(0, k))];
};
const SUBPROOF = (m: number, d: Buffer[], b: boolean): Buffer[] => {
  if (m === d.length) return b ? [] : [MTH(d)];
  const k = split(d.length);
  return m <= k
    ? [...SUBPROOF(m, d.slice(0, k), b), MTH(d.slice(k))]
    : [...SUBPROOF(m - k, d.slice(k), false), MTH(d.slice(0, k))];
};
const hex = (hashes: Buffer[]) => hashes.map((h) => h.toString('hex'));

interface Entry {
  position: string;
  type: string;
  time: string;
  hash: string;
  leafIndex: number;
  inclusionProof: string[];
  event: { payload: Record<string, unknown>; metadata?: unknown };
  postings: Array<{ account: string; amountPaise: string }>;
  description: string;
}

describe('a statement every member can check (issue 21 §4): RFC 9162 proofs in a signed tree head', () => {
  let t: TestApp;
  let net: Network;
  let help: HelpCircle;
  let member: string;
  let stranger: string;
  let dir: string;

  /** Every event in ledger order (tx_id, position) up to the tree head: the tree's leaves, as 32-byte hashes. */
  const ledgerLeaves = async (size: number) =>
    (
      await t.db.owner.query<{ position: string; hash: string }>(
        `select position::text as position, hash from events order by events.tx_id, events.position limit $1`,
        [size],
      )
    ).map((r) => ({ position: r.position, data: Buffer.from(r.hash, 'hex') }));

  const checkpointAll = async () => expect(await checkpointCovering(t.db.app, await lastPosition(t.db.app))).toBe(true);
  const statement = async (uid: string, body: Record<string, unknown> = {}, status = 200) => {
    const res = await net.as(uid, '/api/MyStatement', body);
    if (res.status !== status) throw new Error(`MyStatement ${JSON.stringify(body)}: ${res.status} ${res.text}`);
    return res;
  };

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
    help = new HelpCircle(t, net);
    // A member with e-pins, a top-up, a direct's top-up paying level income, and an e-pin transfer out.
    member = await help.memberWithIncome(1, 'Statement Member');
    stranger = await net.register(undefined, 'Someone Else');
    await net.issue(member, 2);
    expect((await net.as(member, '/api/EpinTransfer', { qty: '1', touid: stranger })).body).toBe('Success');
    await checkpointAll();
    dir = mkdtempSync(join(tmpdir(), 'sahyog-statement-'));
    const key = (await request(t.app.getHttpServer()).get('/api/ledger/public-key').expect(200)).body;
    writeFileSync(join(dir, 'ledger-public-key.pem'), key.publicKeyPem);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('publishes the latest signed tree head: the RFC 9162 root of every event up to the checkpoint, signed over signedMessage', async () => {
    const head = (await request(t.app.getHttpServer()).get('/api/ledger/tree-head').expect(200)).body;
    expect(Object.keys(head).sort()).toEqual(['keyId', 'rootHash', 'signature', 'signedMessage', 'time', 'treeSize']);
    expect(head.rootHash).toMatch(/^[0-9a-f]{64}$/);
    expect(head.signedMessage).toBe(
      `sahyog-ledger-tree-head v1\nkey ${head.keyId}\ntree_size ${head.treeSize}\nroot_hash ${head.rootHash}\ntime ${head.time}\n`,
    );
    const pem = readFileSync(join(dir, 'ledger-public-key.pem'), 'utf8');
    expect(
      verifySignature(
        null,
        Buffer.from(head.signedMessage),
        createPublicKey(pem),
        Buffer.from(head.signature, 'base64'),
      ),
    ).toBe(true);
    const leaves = await ledgerLeaves(head.treeSize);
    expect(leaves).toHaveLength(head.treeSize);
    expect(MTH(leaves.map((l) => l.data)).toString('hex')).toBe(head.rootHash);
  });

  it("answers the member's entries with their hash, position and an exact inclusion proof in the signed tree", async () => {
    const body = (await statement(member)).body;
    expect(body.member).toBe(member);
    expect(body.consistencyProof).toBeUndefined();
    const head = body.treeHead;
    expect(head).toEqual((await request(t.app.getHttpServer()).get('/api/ledger/tree-head').expect(200)).body);
    const leaves = await ledgerLeaves(head.treeSize);
    const data = leaves.map((l) => l.data);
    const entries = body.entries as Entry[];
    const types = new Set(entries.map((e) => e.type));
    for (const type of ['MemberRegistered', 'EpinIssued', 'EpinUsed', 'LevelIncomeDistributed', 'EpinTransferred'])
      expect(types).toContain(type);
    expect(types).not.toContain('MemberLoggedIn');
    for (const e of entries) {
      expect(Object.keys(e)).toEqual(
        expect.arrayContaining(['position', 'type', 'time', 'hash', 'leafIndex', 'inclusionProof', 'description']),
      );
      expect(leaves[e.leafIndex].position).toBe(e.position);
      expect(leaves[e.leafIndex].data.toString('hex')).toBe(e.hash);
      expect(e.inclusionProof).toEqual(hex(PATH(e.leafIndex, data)));
      expect(e.inclusionProof.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
      expect(
        verifyInclusion(
          e.leafIndex,
          head.treeSize,
          sha(Buffer.from([0]), Buffer.from(e.hash, 'hex')),
          e.inclusionProof.map((h) => Buffer.from(h, 'hex')),
          Buffer.from(head.rootHash, 'hex'),
        ),
      ).toBe(true);
    }
    // The level income in words, with the member's own posting.
    const income = entries.find((e) => e.type === 'LevelIncomeDistributed')!;
    expect(income.postings).toEqual([
      { account: `member:${member}:level-income`, amountPaise: expect.stringMatching(/^\d+$/) },
    ]);
    expect(income.description).toMatch(/^Level income distributed: level-income \+₹\d+\.\d\d/);
    // Nothing of the stranger's own: their registration is not the member's entry.
    const strangerRegistration = await t.db.owner.query<{ position: string }>(
      "select position::text as position from events where stream_id = $1 and type = 'MemberRegistered'",
      [`member-${stranger}`],
    );
    expect(entries.map((e) => e.position)).not.toContain(strangerRegistration[0].position);
  });

  it('proves a saved tree head is extended by the new one (RFC 9162 §2.1.4), and refuses a saved head the ledger does not extend', async () => {
    const saved = (await request(t.app.getHttpServer()).get('/api/ledger/tree-head').expect(200)).body;
    await net.issue(member, 1);
    await checkpointAll();
    const body = (await statement(member, { since: saved })).body;
    const head = body.treeHead;
    expect(head.treeSize).toBeGreaterThan(saved.treeSize);
    const data = (await ledgerLeaves(head.treeSize)).map((l) => l.data);
    expect(body.consistencyProof).toEqual(hex(SUBPROOF(saved.treeSize, data, true)));
    const proof = (body.consistencyProof as string[]).map((h) => Buffer.from(h, 'hex'));
    expect(
      verifyConsistency(
        saved.treeSize,
        head.treeSize,
        proof,
        Buffer.from(saved.rootHash, 'hex'),
        Buffer.from(head.rootHash, 'hex'),
      ),
    ).toBe(true);
    // The size alone works too.
    expect((await statement(member, { since: saved.treeSize })).body.consistencyProof).toEqual(body.consistencyProof);
    // A head whose root this ledger never had at that size: 409, said so.
    const refused = (await statement(member, { since: { ...saved, rootHash: 'ab'.repeat(32) } }, 409)).body;
    expect(refused.message).toMatch(/does not extend the saved tree head/);
  });

  it('refuses a bad `since` with 400 and a clear message, and a call without a token with 401', async () => {
    for (const since of [
      0,
      -1,
      'abc',
      1.5,
      [],
      { treeSize: 'x' },
      { treeSize: 1, rootHash: 'zz' },
      { treeSize: 10 ** 12 },
      true,
    ]) {
      const res = await statement(member, { since }, 400);
      expect(res.body.message).toMatch(/^since /);
    }
    await request(t.app.getHttpServer()).post('/api/MyStatement').send({}).expect(401);
  });

  it("passes docs/ledger-format.md's own script, which refuses an altered entry, a forged tree head and a saved head the ledger does not extend", async () => {
    const doc = readFileSync(join(__dirname, '..', 'docs', 'ledger-format.md'), 'utf8');
    const script = doc
      .slice(doc.indexOf('### Checking a statement yourself'))
      .match(/```js\n([\s\S]*?)```/)?.[1] as string;
    expect(script.trim().split('\n').length).toBeLessThanOrEqual(60);
    expect(script).not.toMatch(/require\('(?!crypto'|fs')/);
    writeFileSync(join(dir, 'check-statement.js'), script);
    const saved = (await request(t.app.getHttpServer()).get('/api/ledger/tree-head').expect(200)).body;
    await net.issue(member, 1);
    await checkpointAll();
    const good = (await statement(member, { since: saved })).body;
    const run = (body: unknown, head: unknown = saved) => {
      writeFileSync(join(dir, 'statement.json'), JSON.stringify(body));
      writeFileSync(join(dir, 'tree-head.json'), JSON.stringify(head));
      const res = spawnSync(
        process.execPath,
        ['check-statement.js', 'statement.json', 'ledger-public-key.pem', 'tree-head.json'],
        {
          cwd: dir,
          encoding: 'utf8',
        },
      );
      return { code: res.status, out: res.stdout + res.stderr };
    };
    const ok = run(good);
    expect(ok).toEqual({
      code: 0,
      out: `statement ok: ${good.entries.length} entries in the signed tree of ${good.treeHead.treeSize} events\n`,
    });

    const copy = () => JSON.parse(JSON.stringify(good));
    const withPosting = (good.entries as Entry[]).findIndex((e) => e.postings.length > 0 && e.event.metadata);
    expect(withPosting).toBeGreaterThanOrEqual(0);
    // An amount changed, in the entry and in its event.
    const altered = copy();
    altered.entries[withPosting].postings[0].amountPaise = '99999999';
    expect(run(altered)).toMatchObject({
      code: 1,
      out: expect.stringContaining(`entry ${altered.entries[withPosting].position} does not match its event`),
    });
    const payloadAltered = copy();
    const postings = payloadAltered.entries[withPosting].event.payload.postings as Array<{ amountPaise: string }>;
    postings[0].amountPaise = '1';
    expect(run(payloadAltered).code).toBe(1);
    // An entry moved to another leaf, or a proof step changed.
    const moved = copy();
    moved.entries[0].leafIndex += 1;
    expect(run(moved)).toMatchObject({ code: 1, out: expect.stringContaining('is not in the signed tree') });
    const proofAltered = copy();
    proofAltered.entries[0].inclusionProof[0] = 'f'.repeat(64);
    expect(run(proofAltered).code).toBe(1);
    // A forged tree head: another root (its signature no longer holds), or a signedMessage that says what the fields do not.
    const forged = copy();
    forged.treeHead.rootHash = 'ab'.repeat(32);
    expect(run(forged)).toMatchObject({ code: 1, out: expect.stringContaining('the tree head is not signed') });
    const relabelled = copy();
    relabelled.treeHead.treeSize += 1;
    expect(run(relabelled).code).toBe(1);
    // A saved head the ledger does not extend (the ledger rewritten since): its signature is checked, then the proof.
    expect(run(good, { ...saved, rootHash: 'cd'.repeat(32) })).toMatchObject({
      code: 1,
      out: expect.stringContaining('not signed'),
    });
    const noProof = copy();
    noProof.consistencyProof = [...noProof.consistencyProof.slice(1)];
    expect(run(noProof)).toMatchObject({
      code: 1,
      out: expect.stringContaining('does not extend the saved tree head'),
    });
  });

  it('keeps the stored tree a cache of the events: verify names an edited node or leaf, tree-rebuild restores it, replay differs nowhere', async () => {
    const keys = testLedgerKeys();
    const checks = [...LEDGER_CHECKS, ledgerTreeCheck(keys)];
    expect((await verifyLedger(t.db.owner, checks, keys)).problems).toEqual([]);
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.differences).toBe(0);

    await t.db.owner.execute(
      "update ledger_tree_nodes set hash = decode(repeat('ab', 32), 'hex') where level = 2 and idx = 1",
    );
    await t.db.owner.execute(
      "update ledger_tree_leaves set hash = decode(repeat('cd', 32), 'hex') where leaf_index = 5",
    );
    const reasons = (await verifyLedger(t.db.owner, checks, keys)).problems.map((p) => p.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'ledger_tree_nodes (2, 1) is not the hash of its two children',
        expect.stringMatching(/^ledger_tree_leaves row of this event differs \(leaf 5, expected leaf 5/),
      ]),
    );
    // The statement's proofs come from the stored tree: the signer refuses to build on a tree that no longer gives its signed root.
    const signedSize = (await request(t.app.getHttpServer()).get('/api/ledger/tree-head').expect(200)).body.treeSize;
    const top = MerkleFrontier.keys(signedSize)[0];
    await t.db.owner.execute(
      "update ledger_tree_nodes set hash = decode(repeat('ef', 32), 'hex') where level = $1 and idx = $2",
      [top.level, String(top.index)],
    );
    await net.issue(member, 1);
    let refused: Error | null = null;
    for (let i = 0; i < 200 && !refused; i++) {
      try {
        if (await writeCheckpoint(t.db.app, keys)) break;
      } catch (error) {
        refused = error as Error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(refused?.message).toMatch(/does not give the last signed tree head/);
    const lines: string[] = [];
    const code = await runLedgerCommand(t.db.owner, 'tree-rebuild', [], {
      log: (l) => void lines.push(l),
      progress: () => undefined,
    });
    expect(code).toBe(0);
    expect((await verifyLedger(t.db.owner, checks, keys)).problems).toEqual([]);
    const body = (await statement(member)).body;
    const data = (await ledgerLeaves(body.treeHead.treeSize)).map((l) => l.data);
    for (const e of body.entries as Entry[]) expect(e.inclusionProof).toEqual(hex(PATH(e.leafIndex, data)));

    // A cache dropped altogether is grown again from the events by the next checkpoint.
    await t.db.owner.execute('delete from ledger_tree_nodes');
    await t.db.owner.execute('delete from ledger_tree_leaves');
    await net.issue(member, 1);
    await checkpointAll();
    const after = (await statement(member, { since: body.treeHead })).body;
    const grown = (await ledgerLeaves(after.treeHead.treeSize)).map((l) => l.data);
    expect(after.treeHead.rootHash).toBe(MTH(grown).toString('hex'));
    for (const e of after.entries as Entry[]) expect(e.inclusionProof).toEqual(hex(PATH(e.leafIndex, grown)));
    expect((await verifyLedger(t.db.owner, checks, keys)).problems).toEqual([]);
  });

  it("names a tree head that is not the events' root, or not signed by a published key", async () => {
    const keys = testLedgerKeys();
    const checks = [...LEDGER_CHECKS, ledgerTreeCheck(keys)];
    const [last] = await t.db.owner.query<{ position: string }>(
      "select position::text as position from events where stream_id = 'ledger-checkpoints' order by stream_version desc limit 1",
    );
    await t.db.owner.transaction(async (tx) => {
      await tx.execute('set local session_replication_role = replica');
      await tx.execute(
        `update events set payload = jsonb_set(payload, '{rootHash}', to_jsonb(repeat('e', 64))) where position = $1`,
        [last.position],
      );
    });
    const reasons = (await verifyLedger(t.db.owner, checks, keys)).problems
      .filter((p) => p.position === last.position)
      .map((p) => p.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^tree head root e{64} is not the events' root [0-9a-f]{64}$/),
        'tree head signature does not match (key ' + keys.keyId + ')',
      ]),
    );
  });
});
