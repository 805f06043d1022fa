import { createPublicKey, generateKeyPairSync, verify as verifySignature } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { runLedgerCommand } from '../src/cli/ledger';
import { loadConfig } from '../src/config/config';
import { exportLedger } from '../src/modules/ledger-audit/export';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { Database } from '../src/platform/db/database';
import { chainHash, contentHash, digestStep, eventHash, GENESIS_HASH } from '../src/platform/event-store/canonical';
import { EVENT_COLUMNS, EventMetadata, EventRow, toStoredEvent } from '../src/platform/event-store/event.types';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { appendToStream } from '../src/platform/event-store/event-store';
import { checkpointCovering, lastPosition } from './support/checkpoint';
import { testLedgerKeys, testSigningKeyPem } from './support/ledger-keys';
import { LedgerKeys } from '../src/platform/event-store/signing';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { readLastDigest, signCheckpoints } from '../src/modules/ledger-audit/last-digest';
import { ledgerOn, seedBasics } from './support/seed';
import { withScratchLedger } from './support/scratch';
import { startTestApp, TestApp, TestDatabase } from './support/test-app';
import { startTestAppWithWorker } from './support/with-worker';

const meta: EventMetadata = { actor: { kind: 'system', id: 'test' }, correlationId: 'ledger-signing-test' };

const registration = (uid: string, name: string) => ({
  type: 'MemberRegistered',
  payload: {
    uid,
    sponsorUid: '100000',
    name,
    email: `${uid}@sahyog.test`,
    mobile: '9000000001',
    countryId: 101,
    city: 'Nashik',
    state: 'Maharashtra',
    upiNumber: '',
    walletAddress: '',
    credentialVersion: 1,
  },
});

/** What a verify run printed: its exit code and its last line. */
async function cli(
  db: Database,
  command: string,
  args: string[] = [],
): Promise<{ code: number; last: string; all: string }> {
  const lines: string[] = [];
  const code = await runLedgerCommand(db, command, args, {
    log: (line) => void lines.push(line),
    progress: () => undefined,
  });
  return { code, last: lines.at(-1) ?? '', all: lines.join('\n') };
}

/** A superuser with the trigger switched off: rewrites one stream from `fromVersion` on, recomputing every hash as the product would. */
async function rehashStream(owner: Database, streamId: string): Promise<void> {
  await owner.transaction(async (tx) => {
    await tx.execute('set local session_replication_role = replica');
    const rows = await tx.query<EventRow>(
      `select ${EVENT_COLUMNS} from events where stream_id = $1 order by stream_version`,
      [streamId],
    );
    let previous = GENESIS_HASH;
    for (const row of rows) {
      const event = toStoredEvent(row);
      const hash = eventHash(previous, event, event.hashRule);
      await tx.execute('update events set hash = $1 where position = $2', [hash, row.position]);
      previous = hash;
    }
  });
}

/** The superuser's edit of one event's payload (trigger off). */
async function editPayload(owner: Database, position: string, path: string, value: unknown): Promise<void> {
  await owner.transaction(async (tx) => {
    await tx.execute('set local session_replication_role = replica');
    await tx.execute(`update events set payload = jsonb_set(payload, $2::text[], $3::jsonb) where position = $1`, [
      position,
      `{${path}}`,
      JSON.stringify(value),
    ]);
  });
}

/** A fresh, seeded database holding members 200001–200003, all covered by a signed checkpoint. */
const withSignedLedger = (test: (scratch: TestDatabase) => Promise<void>) =>
  withScratchLedger(test, async (scratch) => {
    for (const uid of ['200001', '200002', '200003'])
      await ledgerOn(scratch.app).run(meta, (tx) =>
        tx.append(`member-${uid}`, 0, [registration(uid, `Member ${uid}`)]),
      );
    expect(await checkpointCovering(scratch.app, await lastPosition(scratch.app))).toBe(true);
  });

describe('signed checkpoints: tamper evidence a database superuser cannot undo (issue 8, point 10)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    expect(await checkpointCovering(t.db.app, await lastPosition(t.db.app))).toBe(true);
  });
  afterAll(() => t.close());

  it('publishes the public key and the latest signed checkpoint, whose signature Node crypto alone checks', async () => {
    const key = (await request(t.app.getHttpServer()).get('/api/ledger/public-key').expect(200)).body;
    expect(key).toMatchObject({
      algorithm: 'Ed25519',
      keyId: expect.stringMatching(/^[0-9a-f]{16}$/),
      publicKeyPem: expect.stringContaining('BEGIN PUBLIC KEY'),
    });
    // The key published is the configured one's public half, not something read from the database.
    expect(key.publicKeyPem).toBe(
      createPublicKey(testSigningKeyPem()).export({ type: 'spki', format: 'pem' }).toString(),
    );

    const digest = (await request(t.app.getHttpServer()).get('/api/ledger/digest').expect(200)).body;
    expect(digest).toMatchObject({
      keyId: key.keyId,
      position: expect.stringMatching(/^\d+$/),
      txId: expect.stringMatching(/^\d+$/),
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      time: expect.any(String),
      signature: expect.any(String),
    });
    const statement = `sahyog-ledger-checkpoint v1\nkey ${digest.keyId}\ntx ${digest.txId}\nposition ${digest.position}\ndigest ${digest.digest}\ntime ${digest.time}\n`;
    expect(digest.statement).toBe(statement);
    expect(
      verifySignature(
        null,
        Buffer.from(statement),
        createPublicKey(key.publicKeyPem),
        Buffer.from(digest.signature, 'base64'),
      ),
    ).toBe(true);
    expect(
      verifySignature(
        null,
        Buffer.from(statement.replace(digest.digest, '0'.repeat(64))),
        createPublicKey(key.publicKeyPem),
        Buffer.from(digest.signature, 'base64'),
      ),
    ).toBe(false);
  });

  it('names the forged event itself, through the signed checkpoint, when a superuser re-hashed it and fixed the read rows', async () => {
    await withSignedLedger(async (scratch) => {
      expect((await cli(scratch.owner, 'verify')).code).toBe(0);
      const [victim] = await scratch.owner.query<{ position: string }>(
        "select position::text as position from events where stream_id = 'member-200002'",
      );
      await editPayload(scratch.owner, victim.position, 'name', 'Mallory');
      await rehashStream(scratch.owner, 'member-200002');
      await scratch.owner.execute("update members set name = 'Mallory' where uid = '200002'");
      // Every hash matches its content and replay agrees with the read tables: only the signed checkpoint knows better.
      expect((await replayLedger(scratch.owner, new ProjectionRunner(ALL_PROJECTIONS))).differences).toBe(0);

      const verdict = await cli(scratch.owner, 'verify');
      expect(verdict.code).toBe(1);
      expect(verdict.last).toMatch(
        new RegExp(`^LEDGER BROKEN at event ${victim.position} \\(member-200002\\): .*signed checkpoint`),
      );
    });
  });

  it('revokes a key at rotation: once the new key has signed, a checkpoint signed with the old one (a leaked key) fails verify, named', async () => {
    await withSignedLedger(async (scratch) => {
      const oldKey = testSigningKeyPem();
      const newKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const oldPublic = createPublicKey(oldKey).export({ type: 'spki', format: 'pem' }).toString();
      const rotated = new LedgerKeys({ signingKeyPem: newKey, retiredPublicKeyPems: [oldPublic] });
      // The old key's checkpoints, from before the rotation, stay good.
      expect((await verifyLedger(scratch.owner, LEDGER_CHECKS, rotated)).problems).toEqual([]);
      await ledgerOn(scratch.app).run(meta, (tx) =>
        tx.append('member-200004', 0, [registration('200004', 'Member 200004')]),
      );
      expect(await checkpointCovering(scratch.app, await lastPosition(scratch.app), rotated)).toBe(true);
      expect((await verifyLedger(scratch.owner, LEDGER_CHECKS, rotated)).problems).toEqual([]);
      // Whoever stole the old key keeps signing after the rotation.
      await ledgerOn(scratch.app).run(meta, (tx) =>
        tx.append('member-200005', 0, [registration('200005', 'Member 200005')]),
      );
      expect(await checkpointCovering(scratch.app, await lastPosition(scratch.app), testLedgerKeys())).toBe(true);
      const [forged] = await scratch.owner.query<{ position: string }>(
        "select position::text as position from events where stream_id = 'ledger-checkpoints' order by stream_version desc limit 1",
      );
      const report = await verifyLedger(scratch.owner, LEDGER_CHECKS, rotated);
      expect(report.ok).toBe(false);
      expect(report.problems).toEqual([
        {
          position: forged.position,
          stream_id: 'ledger-checkpoints',
          reason: expect.stringMatching(/retired: newer key [0-9a-f]{16} had already signed/),
        },
      ]);
    });
  });

  it("refuses to sign a forged tail: a superuser edits a covered event, re-hashes its stream and deletes the checkpoints over it; the signer's last digest catches it, and verify uses it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sahyog-last-digest-'));
    const file = join(dir, 'ledger-last-digest.json');
    try {
      await withSignedLedger(async (scratch) => {
        const keys = testLedgerKeys();
        // The signer signs the newest events and keeps what it signed beside its key.
        await ledgerOn(scratch.app).run(meta, (tx) =>
          tx.append('member-200004', 0, [registration('200004', 'Member 200004')]),
        );
        const wanted = await lastPosition(scratch.app);
        for (
          let i = 0;
          i < 200 && !(readLastDigest(file) && BigInt(readLastDigest(file)!.position) >= BigInt(wanted));
          i++
        ) {
          await signCheckpoints(scratch.app, keys, file);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(readLastDigest(file)).toMatchObject({ keyId: keys.keyId, signature: expect.any(String) });
        expect(
          await runLedgerCommand(
            scratch.owner,
            'verify',
            [],
            { log: () => undefined, progress: () => undefined },
            keys,
            file,
          ),
        ).toBe(0);

        // The reviewer's probe C.
        const [victim] = await scratch.owner.query<{ position: string }>(
          "select position::text as position from events where stream_id = 'member-200002'",
        );
        await editPayload(scratch.owner, victim.position, 'name', 'Mallory');
        await rehashStream(scratch.owner, 'member-200002');
        await scratch.owner.transaction(async (tx) => {
          await tx.execute('set local session_replication_role = replica');
          await tx.execute("update members set name = 'Mallory' where uid = '200002'");
          const covering = await tx.query<{ v: number }>(
            "select stream_version as v from events where stream_id = 'ledger-checkpoints' and (payload->>'toTxId')::xid8 >= (select tx_id from events where position = $1)",
            [victim.position],
          );
          expect(covering.length).toBeGreaterThan(0);
          for (const { v } of covering) {
            await tx.execute("delete from events where stream_id = 'ledger-checkpoints' and stream_version = $1", [v]);
            await tx.execute('delete from checkpoint_witnesses where checkpoint_version = $1', [v]);
          }
          // The stored Merkle tree (decision 0045) still holds the old hashes, and verify would name them: a
          // thorough forger drops that cache too (the signer grows it again from the events).
          await tx.execute('delete from ledger_tree_nodes');
          await tx.execute('delete from ledger_tree_leaves');
        });
        // Without the file, the truncated ledger passes: that is the hole.
        expect((await cli(scratch.owner, 'verify')).code).toBe(0);
        const before = await scratch.owner.query(
          "select count(*)::int as n from events where stream_id = 'ledger-checkpoints'",
        );
        await expect(signCheckpoints(scratch.app, keys, file)).rejects.toThrow(
          /REFUSING TO SIGN .*does not extend the saved digest/,
        );
        expect(
          await scratch.owner.query("select count(*)::int as n from events where stream_id = 'ledger-checkpoints'"),
        ).toEqual(before);
        const refused: string[] = [];
        expect(
          await runLedgerCommand(
            scratch.owner,
            'checkpoint',
            [],
            { log: (line) => void refused.push(line), progress: () => undefined },
            keys,
            file,
          ),
        ).toBe(1);
        expect(refused.join('\n')).toMatch(/REFUSING TO SIGN/);
        // verify, given the file, reads it as --against, says so, and names the rewrite.
        const lines: string[] = [];
        const said: string[] = [];
        expect(
          await runLedgerCommand(
            scratch.owner,
            'verify',
            [],
            { log: (line) => void lines.push(line), progress: (text) => void said.push(text) },
            keys,
            file,
          ),
        ).toBe(1);
        expect(said.join('')).toContain(`checking against the signer's last digest ${file}`);
        expect(lines.at(-1)).toMatch(/^LEDGER BROKEN .*does not extend the saved digest/);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails a ledger rewritten wholesale by a superuser without the key, and fails `verify --against` a digest saved before', async () => {
    await withSignedLedger(async (scratch) => {
      const dir = mkdtempSync(join(tmpdir(), 'sahyog-digest-'));
      try {
        const saved = join(dir, 'digest.json');
        expect((await cli(scratch.owner, 'digest', ['--out', saved])).code).toBe(0);
        expect((await cli(scratch.owner, 'verify', ['--against', saved])).code).toBe(0);
        // A digest file that is missing or malformed is a usage error (exit 2), never a pass.
        const broken = join(dir, 'broken.json');
        writeFileSync(broken, JSON.stringify({ ...JSON.parse(readFileSync(saved, 'utf8')), digest: 'not hex' }));
        for (const file of [join(dir, 'missing.json'), broken])
          expect((await cli(scratch.owner, 'verify', ['--against', file])).code).toBe(2);

        // The rewrite: an event altered, its stream re-hashed, every checkpoint's digest recomputed over the new hashes.
        const [victim] = await scratch.owner.query<{ position: string }>(
          "select position::text as position from events where stream_id = 'member-200001'",
        );
        await editPayload(scratch.owner, victim.position, 'name', 'Mallory');
        await rehashStream(scratch.owner, 'member-200001');
        await scratch.owner.execute("update members set name = 'Mallory' where uid = '200001'");
        await scratch.owner.transaction(async (tx) => {
          await tx.execute('set local session_replication_role = replica');
          const checkpoints = await tx.query<{ position: string; payload: Record<string, string> }>(
            "select position::text as position, payload from events where stream_id = 'ledger-checkpoints' order by stream_version",
          );
          let digest = GENESIS_HASH;
          for (const c of checkpoints) {
            const covered = await tx.query<{ position: string; hash: string }>(
              'select position::text as position, hash from events where (tx_id, position) > ($1::xid8, $2::bigint) and (tx_id, position) <= ($3::xid8, $4::bigint) order by events.tx_id, events.position',
              [c.payload.fromTxId, c.payload.fromPosition, c.payload.toTxId, c.payload.toPosition],
            );
            const previousDigest = digest;
            for (const e of covered) digest = digestStep(digest, e.position, e.hash);
            await tx.execute('update events set payload = payload || $2::jsonb where position = $1', [
              c.position,
              JSON.stringify({ previousDigest, digest }),
            ]);
          }
        });
        await rehashStream(scratch.owner, 'ledger-checkpoints');

        const verdict = await cli(scratch.owner, 'verify');
        expect(verdict.code).toBe(1);
        expect(verdict.all).toMatch(/signature/);
        const against = await cli(scratch.owner, 'verify', ['--against', saved]);
        expect(against.code).toBe(1);
        expect(against.all).toMatch(/does not extend the saved digest/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  it('names each level_income row that disagrees with its event, paid or unpaid, even when every total agrees', async () => {
    await withSignedLedger(async (scratch) => {
      const topup = '1';
      const payload = {
        topupPosition: topup,
        fromUid: '200001',
        packagePaise: '10000',
        levels: [
          { level: 1, uid: '100000', rateBp: 1000, amountPaise: '1000', paid: true },
          { level: 2, uid: '100000', rateBp: 400, amountPaise: '400', paid: true },
          { level: 3, uid: '100000', rateBp: 300, amountPaise: '300', paid: false, reason: 'inactive' },
        ],
        postings: [
          { account: 'platform:topups', amountPaise: '-1700' },
          { account: 'member:100000:level-income', amountPaise: '1400' },
          { account: 'platform:level-income', amountPaise: '300' },
        ],
      };
      await ledgerOn(scratch.app).run(meta, (tx) =>
        tx.append(`level-income-${topup}`, 0, [{ type: 'LevelIncomeDistributed', payload }]),
      );
      expect((await cli(scratch.owner, 'verify')).code).toBe(0);
      // Paid amounts swapped between two levels (the member's total is unchanged), and an unpaid row altered.
      await scratch.owner.execute(
        `update level_income set amount_paise = case level when 1 then 400 when 2 then 1000 else 299 end where topup_position = ${topup}`,
      );
      const verdict = await cli(scratch.owner, 'verify');
      expect(verdict.code).toBe(1);
      for (const level of [1, 2, 3])
        expect(verdict.all).toMatch(new RegExp(`level_income row \\(top-up ${topup}, level ${level}\\)`));
      // Put right, then only the time a row says it was paid moved: named too (review finding 11).
      await scratch.owner.execute(
        `update level_income set amount_paise = case level when 1 then 1000 when 2 then 400 else 300 end where topup_position = ${topup}`,
      );
      expect((await cli(scratch.owner, 'verify')).code).toBe(0);
      await scratch.owner.execute(
        `update level_income set paid_at = paid_at - interval '1 day' where topup_position = ${topup} and level = 2`,
      );
      const moved = await cli(scratch.owner, 'verify');
      expect(moved.code).toBe(1);
      expect(moved.last).toMatch(
        new RegExp(
          `level_income row \\(top-up ${topup}, level 2\\): .* at \\d{4}-.* in the ledger, .* at \\d{4}-.* in the read table`,
        ),
      );
    });
  });

  it('refuses to start in production without a signing key, and names the variable', () => {
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x@localhost/x',
      JWT_SECRET: 'x'.repeat(32),
      MAIL_URL: 'smtp://localhost:25',
      PAYMENTS_USE_DOUBLE: 'true',
      AUDITOR_REDACTION_SALT: 's'.repeat(32),
    };
    expect(() => loadConfig(env)).toThrow(/LEDGER_SIGNING_KEY/);
    expect(JSON.stringify(loadConfig({ ...env, LEDGER_SIGNING_KEY: testSigningKeyPem() }))).toContain('PRIVATE KEY');
    expect(() => loadConfig({ ...env, LEDGER_SIGNING_KEY: 'not a key' })).toThrow(/LEDGER_SIGNING_KEY/);
  });

  // docs/ledger-format.md shows how to check the signatures with Node's crypto alone; the snippet, run
  // as it stands on a real export and the published key, passes, and names a checkpoint altered in the file.
  it('checks every checkpoint signature of an export, and a saved digest, with the snippets in docs/ledger-format.md', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sahyog-signatures-'));
    try {
      const file = join(dir, 'ledger.ndjson');
      const out = createWriteStream(file);
      await exportLedger(t.db.app, out);
      await new Promise((resolve) => out.end(resolve));
      const key = (await request(t.app.getHttpServer()).get('/api/ledger/public-key').expect(200)).body;
      writeFileSync(join(dir, 'ledger-public-key.pem'), key.publicKeyPem);

      const doc = readFileSync(join(__dirname, '..', 'docs', 'ledger-format.md'), 'utf8');
      const snippet = doc.slice(doc.indexOf('## Checking the signatures')).match(/```js\n([\s\S]*?)```/)?.[1];
      expect(snippet).toContain("readFileSync('ledger-public-key.pem'");
      const check = () => execFileSync(process.execPath, ['-e', snippet as string], { cwd: dir, encoding: 'utf8' });
      expect(check()).toMatch(/^\d+ checkpoint signatures good\n$/);

      // The saved digest, checked with OpenSSL as the same section shows.
      const shell = doc.slice(doc.indexOf('## Checking the signatures')).match(/```sh\n([\s\S]*?)```/)?.[1] as string;
      writeFileSync(
        join(dir, 'digest.json'),
        JSON.stringify((await request(t.app.getHttpServer()).get('/api/ledger/digest').expect(200)).body),
      );
      expect(execFileSync('sh', ['-c', shell], { cwd: dir, encoding: 'utf8' })).toMatch(
        /Signature Verified Successfully/,
      );
      // The statement is rebuilt from the fields: a `statement` field that says something else changes nothing...
      const saved = (await request(t.app.getHttpServer()).get('/api/ledger/digest').expect(200)).body;
      writeFileSync(join(dir, 'digest.json'), JSON.stringify({ ...saved, statement: 'anything at all' }));
      expect(execFileSync('sh', ['-c', shell], { cwd: dir, encoding: 'utf8' })).toMatch(
        /Signature Verified Successfully/,
      );
      // ...and a field changed under a statement left as signed fails.
      writeFileSync(join(dir, 'digest.json'), JSON.stringify({ ...saved, digest: 'e'.repeat(64) }));
      const forged = spawnSync('sh', ['-c', shell], { cwd: dir, encoding: 'utf8' });
      expect(forged.status).not.toBe(0);
      expect(forged.stdout + forged.stderr).toMatch(/Signature Verification Failure/);

      const lines = readFileSync(file, 'utf8').trim().split('\n');
      const original = lines.join('\n') + '\n';

      // A superuser's rewrite as the export shows it: one event altered and every later hash of its
      // stream recomputed. The hash-chain snippet cannot see it; the checkpoint's digest over the
      // export's own (txId, position)-ordered hashes no longer matches its signed digest.
      type Line = {
        position: string;
        txId: string;
        streamId: string;
        streamVersion: number;
        type: string;
        hash: string;
        contentHash: string;
        hashRule: number;
        payload: Record<string, unknown>;
        metadata: EventMetadata;
        recordedAt: string;
        schemaVersion: number;
      };
      const parsed = lines.map((line) => JSON.parse(line) as Line);
      const victim = parsed.find((e) => e.type === 'MemberRegistered' && e.hashRule === 2);
      if (!victim) throw new Error('no member registration in the export');
      const after = (e: { txId: string; position: string }, tx: string, pos: string) =>
        BigInt(e.txId) > BigInt(tx) || (BigInt(e.txId) === BigInt(tx) && BigInt(e.position) > BigInt(pos));
      const covering = parsed.find(
        (e) =>
          e.type === 'LedgerCheckpointed' &&
          after(victim, e.payload.fromTxId as string, e.payload.fromPosition as string) &&
          !after(victim, e.payload.toTxId as string, e.payload.toPosition as string),
      );
      if (!covering) throw new Error(`no checkpoint covers event ${victim.position}`);
      victim.payload.name = 'Mallory';
      let previous = GENESIS_HASH;
      for (const e of parsed
        .filter((x) => x.streamId === victim.streamId)
        .sort((a, b) => a.streamVersion - b.streamVersion)) {
        e.contentHash = contentHash(e);
        e.hash = chainHash(previous, e.contentHash);
        previous = e.hash;
      }
      writeFileSync(file, parsed.map((e) => JSON.stringify(e)).join('\n') + '\n');
      const chainSnippet = doc
        .slice(doc.indexOf('## Checking an export yourself'))
        .match(/```js\n([\s\S]*?)```/)?.[1] as string;
      expect(execFileSync(process.execPath, ['-e', chainSnippet], { cwd: dir, encoding: 'utf8' })).toBe('');
      const rewritten = check();
      expect(rewritten).toContain(`events do not match checkpoint ${covering.position}\n`);
      expect(rewritten).not.toContain('bad signature');
      writeFileSync(file, original);

      const index = lines.findIndex((line) => line.includes('"type":"LedgerCheckpointed"'));
      const checkpoint = JSON.parse(lines[index]);
      checkpoint.payload.digest = 'f'.repeat(64);
      lines[index] = JSON.stringify(checkpoint);
      writeFileSync(file, lines.join('\n') + '\n');
      expect(check()).toContain(`bad signature on checkpoint ${checkpoint.position}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the worker's checkpoint cadence (issue 8, point 10)", () => {
  let t: TestApp;
  const signedUpTo = async () =>
    (
      await t.db.owner.query<{ v: number; to: string | null }>(
        "select count(*)::int as v, max((payload->>'toPosition')::bigint)::text as to from events where stream_id = 'ledger-checkpoints'",
      )
    )[0];

  beforeAll(async () => {
    // The timer an hour away: only the count of uncovered events can trigger a checkpoint here.
    t = await startTestAppWithWorker({
      QUEUE_PREFIX: `sahyog-cadence-test-${process.pid}`,
      LEDGER_CHECKPOINT_EVERY_MS: '3600000',
      LEDGER_CHECKPOINT_EVERY_EVENTS: '50',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs a checkpoint as soon as LEDGER_CHECKPOINT_EVERY_EVENTS events are uncovered, without waiting for the timer', async () => {
    // Whatever the scheduler ran at start-up has settled: nothing changes for a second.
    let before = await signedUpTo();
    for (let stable = Date.now(); Date.now() - stable < 1000;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const now = await signedUpTo();
      if (now.v !== before.v) stable = Date.now();
      before = now;
    }
    const written: Array<{ position: string }> = [];
    for (let i = 0; i < 55; i++)
      written.push(
        ...(await t.db.app.transaction((tx) =>
          appendToStream(tx, `cadence-${i}`, 0, [{ type: 'CadenceProbe', payload: { i } }], meta),
        )),
      );
    const last = written[written.length - 1].position;
    let after = before;
    for (const deadline = Date.now() + 15_000; Date.now() < deadline && BigInt(after.to ?? '0') < BigInt(last) - 5n;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await signedUpTo();
    }
    expect(after.v).toBeGreaterThan(before.v);
    // At least the first 50 of the 55 are signed, long before the hour is up.
    expect(BigInt(after.to ?? '0')).toBeGreaterThanOrEqual(BigInt(written[49].position));
    expect((await cli(t.db.owner, 'verify')).code).toBe(0);
  });
});
