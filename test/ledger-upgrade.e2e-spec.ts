import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_MIGRATIONS } from '../migrations';
import { CheckpointWitnesses1763800009000 } from '../migrations/1763800009000-checkpoint-witnesses';
import { BoundedClosure1763800020600 } from '../migrations/1763800020600-bounded-closure';
import { runLedgerCommand } from '../src/cli/ledger';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { exportLedger } from '../src/modules/ledger-audit/export';
import { Redactor, EventView } from '../src/modules/ledger-audit/redaction';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verifyLedger, VerifyReport } from '../src/modules/ledger-audit/verify';
import { countTeamTotals } from '../src/modules/network';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { Database } from '../src/platform/db/database';
import { Sql } from '../src/platform/db/sql';
import { migrate } from '../src/platform/db/migrate';
import {
  canonicalJson,
  digestStep,
  eventHash,
  GENESIS_HASH,
  legacyEventHash,
} from '../src/platform/event-store/canonical';
import {
  chainDigest,
  checkpointSpan,
  CHECKPOINT_EVENT,
  CHECKPOINT_STREAM,
  latestDigest,
} from '../src/platform/event-store/checkpoint';
import { appendToStream } from '../src/platform/event-store/event-store';
import {
  EVENT_COLUMNS,
  EventMetadata,
  EventRow,
  NewEvent,
  toStoredEvent,
} from '../src/platform/event-store/event.types';
import { Ledger } from '../src/platform/ledger';
import { RELAY_CURSOR } from '../src/platform/outbox/relay';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { Reconciler } from '../src/worker/reconciler';
import { checkpointCovering, lastPosition } from './support/checkpoint';
import { testLedgerKeys, testSigningKeyPem } from './support/ledger-keys';
import { ledgerOn } from './support/seed';
import { createTestDatabase, TestDatabase } from './support/test-app';

/**
 * Upgrading a ledger the previous release wrote (hash rule 1, unsigned checkpoints) to this one
 * (hash rule 2, signed checkpoints): decision 0015, "Upgrading an existing ledger". The old rows
 * are written here exactly as that release wrote them — its INSERT, its hash rule, its checkpoint
 * payload — into a database migrated as far as that release went; then the pending migrations run.
 */

/** The migrations the previous release shipped: everything before the signed checkpoints' witnesses. */
const PREVIOUS_RELEASE = ALL_MIGRATIONS.slice(0, ALL_MIGRATIONS.indexOf(CheckpointWitnesses1763800009000));
/** The previous release's INSERT, word for word: it names no hash_rule. */
const LEGACY_INSERT =
  'insert into events (stream_id, stream_version, type, schema_version, payload, metadata, recorded_at, hash) values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::timestamptz, $8)';

const meta: EventMetadata = {
  actor: { kind: 'system', id: 'test' },
  correlationId: 'ledger-upgrade-test',
  clientIp: '203.0.113.7',
};
/**
 * The previous release's projections: today's, less those whose tables later migrations create
 * (they fill them for the events already there: member_profiles from the members rows, team_counts
 * from member_tree).
 */
const LATER_PROJECTIONS = new Set(['member-profiles', 'team-counts']);
const runner = new ProjectionRunner(ALL_PROJECTIONS.filter((p) => !LATER_PROJECTIONS.has(p.name)));

const registration = (uid: string, sponsorUid: string | null) => ({
  type: 'MemberRegistered',
  payload: {
    uid,
    sponsorUid,
    name: `Member ${uid}`,
    email: `${uid}@sahyog.test`,
    mobile: `90000${uid.slice(-5)}`,
    countryId: 101,
    city: 'Nashik',
    state: 'Maharashtra',
    upiNumber: '',
    walletAddress: '',
    credentialVersion: 1,
  },
});

/** An append as the previous release made it: rule-1 hashes, its INSERT, the projections in the same transaction. */
async function legacyAppend(
  tx: Sql,
  streamId: string,
  events: readonly NewEvent[],
  metadata: EventMetadata = meta,
): Promise<void> {
  const [head] = await tx.query<{ v: number; hash: string }>(
    'select stream_version as v, hash from events where stream_id = $1 order by stream_version desc limit 1',
    [streamId],
  );
  let previous = head?.hash ?? GENESIS_HASH;
  let version = head?.v ?? 0;
  const recordedAt = new Date().toISOString();
  for (const event of events) {
    version += 1;
    const content = {
      streamId,
      streamVersion: version,
      type: event.type,
      schemaVersion: event.schemaVersion ?? 1,
      payload: event.payload,
      metadata,
      recordedAt,
    };
    const hash = legacyEventHash(previous, content);
    await tx.execute(LEGACY_INSERT, [
      streamId,
      version,
      event.type,
      content.schemaVersion,
      canonicalJson(event.payload),
      canonicalJson(metadata),
      recordedAt,
      hash,
    ]);
    const stored = { ...content, hash, hashRule: 1 };
    await runner.apply(tx, [stored]);
    previous = hash;
  }
}

/** Within the e2e level's 60 s test timeout, longer than any transaction another test file holds open. */
const LEGACY_CHECKPOINT_WAIT_MS = 45_000;

/**
 * The previous release's checkpoint: the same digest rule, no count limit, no signature, no
 * witness. Written until one covers `position` (other test files share the cluster, and the previous
 * release's checkpoint stops below the server's oldest open transaction: ledger-writers and epins hold
 * transactions open on purpose for up to ~20 s, so the wait allows LEGACY_CHECKPOINT_WAIT_MS).
 */
async function legacyCheckpointCovering(db: Database, position: string): Promise<void> {
  for (const deadline = Date.now() + LEGACY_CHECKPOINT_WAIT_MS; Date.now() < deadline;) {
    await db.transaction(async (tx) => {
      const [{ xmin }] = await tx.query<{ xmin: string }>(
        'select pg_snapshot_xmin(pg_current_snapshot())::text as xmin',
      );
      const [last] = await tx.query<{ payload: { toTxId: string; toPosition: string; digest: string } }>(
        'select payload from events where stream_id = $1 order by stream_version desc limit 1',
        [CHECKPOINT_STREAM],
      );
      const from = last
        ? { txId: last.payload.toTxId, position: last.payload.toPosition }
        : { txId: '0', position: '0' };
      const previousDigest = last ? last.payload.digest : GENESIS_HASH;
      const run = await chainDigest(tx, from, previousDigest, { beforeTxId: xmin });
      if (run.count === 0) return;
      const payload = checkpointSpan(from, previousDigest, run);
      await legacyAppend(tx, CHECKPOINT_STREAM, [{ type: CHECKPOINT_EVENT, payload }], {
        actor: { kind: 'system', id: 'ledger-checkpoint' },
        correlationId: `checkpoint-${run.lastPosition}`,
      });
    });
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from events c, events p
        where c.stream_id = $2 and p.position = $1 and (p.tx_id, p.position) <= ((c.payload->>'toTxId')::xid8, (c.payload->>'toPosition')::bigint)`,
      [position, CHECKPOINT_STREAM],
    );
    if (row.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no legacy checkpoint came to cover event ${position}`);
}

async function cli(db: Database, command: string, args: string[] = []): Promise<{ code: number; all: string }> {
  const lines: string[] = [];
  const code = await runLedgerCommand(
    db,
    command,
    args,
    { log: (line) => void lines.push(line), progress: () => undefined },
    testLedgerKeys(),
  );
  return { code, all: lines.join('\n') };
}

const verify = (db: Database): Promise<VerifyReport> =>
  db.transaction((tx) => verifyLedger(tx, LEDGER_CHECKS, testLedgerKeys()), {
    retry: false,
    isolation: 'REPEATABLE READ',
    readOnly: true,
  });

/** A superuser with the triggers off rewrites a stream's hashes, each event by its own rule. */
async function rehashStream(tx: Sql, streamId: string): Promise<void> {
  const rows = await tx.query<EventRow & { rule: number }>(
    `select ${EVENT_COLUMNS}, hash_rule as rule from events where stream_id = $1 order by stream_version`,
    [streamId],
  );
  let previous = GENESIS_HASH;
  for (const row of rows) {
    const event = toStoredEvent(row);
    const hash = row.rule === 1 ? legacyEventHash(previous, event) : eventHash(previous, event);
    await tx.execute('update events set hash = $1 where position = $2', [hash, row.position]);
    previous = hash;
  }
}

async function superuser(db: Database, work: (tx: Sql) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute('set local session_replication_role = replica');
    await work(tx);
  });
}

/** Runs a docs/ledger-format.md snippet (the first ```js block after `heading`) in `dir`. */
function snippet(heading: string, dir: string): string {
  const doc = readFileSync(join(__dirname, '..', 'docs', 'ledger-format.md'), 'utf8');
  const code = doc.slice(doc.indexOf(heading)).match(/```js\n([\s\S]*?)```/)?.[1];
  if (!code) throw new Error(`no snippet under ${heading}`);
  return execFileSync(process.execPath, ['-e', code], { cwd: dir, encoding: 'utf8' });
}

/** One export line, as docs/ledger-format.md describes it. */
type ExportLine = {
  position: string;
  streamId: string;
  streamVersion: number;
  hashRule: number;
  type: string;
  redacted?: true;
  coveredBy?: 'checkpoint';
  hash?: string;
  contentHash?: string;
  metadata: Record<string, unknown>;
  payload: Record<string, unknown>;
};

async function exportTo(db: Database, file: string, view?: EventView): Promise<ExportLine[]> {
  const out = createWriteStream(file);
  await exportLedger(db, out, view);
  await new Promise((resolve) => out.end(resolve));
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('upgrading a ledger the previous release wrote (decision 0015, "Upgrading an existing ledger")', () => {
  /** The upgraded database, closed: each test clones it. */
  let upgraded: TestDatabase;
  let rowsBefore: Array<{ position: string; ctid: string; xmin: string }>;
  let rowsAfter: Array<{ position: string; ctid: string; xmin: string; hash_rule: number }>;
  /** A legacy member event covered by the legacy checkpoint, and one written after it (the previous release's unsigned tail). */
  let legacy: { covered: string; tail: string; checkpoint: string };

  beforeAll(async () => {
    testSigningKeyPem();
    upgraded = await createTestDatabase({ migrations: PREVIOUS_RELEASE });
    const old = upgraded.app;
    await old.transaction(async (tx) => {
      await legacyAppend(tx, 'member-100000', [registration('100000', null)]);
      for (const role of ['superadmin', 'auditor'])
        await legacyAppend(tx, `admin-${role}`, [
          { type: 'AdminUserCreated', payload: { username: role, role, credentialVersion: 1 } },
        ]);
      await legacyAppend(tx, 'member-100001', [registration('100001', '100000')]);
    });
    const covered = await lastPosition(old);
    await legacyCheckpointCovering(old, covered);
    const [checkpoint] = await old.query<{ p: string }>(
      "select max(position)::text as p from events where stream_id = 'ledger-checkpoints'",
    );
    await old.transaction((tx) => legacyAppend(tx, 'member-100002', [registration('100002', '100000')]));
    legacy = { covered, tail: await lastPosition(old), checkpoint: checkpoint.p };

    rowsBefore = await upgraded.owner.query(
      'select position::text as position, ctid::text as ctid, xmin::text as xmin from events order by events.position',
    );
    expect(await migrate(upgraded.ownerUrl, 'sahyog_app', ALL_MIGRATIONS)).toHaveLength(
      ALL_MIGRATIONS.length - PREVIOUS_RELEASE.length,
    );
    rowsAfter = await upgraded.owner.query(
      'select position::text as position, ctid::text as ctid, xmin::text as xmin, hash_rule from events order by events.position',
    );
    await upgraded.disconnect();
  });
  afterAll(() => upgraded?.drop());

  /** A clone of the upgraded ledger, dropped afterwards. */
  async function withUpgraded(test: (db: TestDatabase) => Promise<void>): Promise<void> {
    const db = await createTestDatabase({ template: upgraded.name });
    try {
      await test(db);
    } finally {
      await db.drop();
    }
  }

  /** The upgraded ledger carried on by this release: a member registered (rule 2) and signed checkpoints over everything. */
  async function withSignedOnTop(test: (db: TestDatabase) => Promise<void>): Promise<void> {
    await withUpgraded(async (db) => {
      await ledgerOn(db.app).run(meta, (tx) => tx.append('member-100003', 0, [registration('100003', '100000')]));
      expect(await checkpointCovering(db.app, await lastPosition(db.app))).toBe(true);
      await test(db);
    });
  }

  it('labels every event of the previous release rule 1 without rewriting a row; new writes must name their rule; the table stays append-only', async () => {
    expect(rowsAfter.map(({ position, ctid, xmin }) => ({ position, ctid, xmin }))).toEqual(rowsBefore);
    expect(new Set(rowsAfter.map((r) => r.hash_rule))).toEqual(new Set([1]));
    await withUpgraded(async (db) => {
      const [column] = await db.owner.query<{ is_nullable: string; column_default: string | null }>(
        "select is_nullable, column_default from information_schema.columns where table_name = 'events' and column_name = 'hash_rule'",
      );
      expect(column).toEqual({ is_nullable: 'NO', column_default: null });
      // A process of the previous release still running (its INSERT names no rule) is refused rather than recorded under a rule it did not use.
      const recordedAt = new Date().toISOString();
      const content = {
        streamId: 'member-100009',
        streamVersion: 1,
        type: 'Probe',
        schemaVersion: 1,
        payload: {},
        metadata: meta,
        recordedAt,
      };
      await expect(
        // A registered ledger writer (decision 0036), refused for the rule it does not name.
        db.app.transaction((tx) =>
          tx.execute(LEGACY_INSERT, [
            'member-100009',
            1,
            'Probe',
            1,
            '{}',
            canonicalJson(meta),
            recordedAt,
            legacyEventHash(GENESIS_HASH, content),
          ]),
        ),
      ).rejects.toThrow(/hash_rule/);
      await expect(db.app.execute('update events set hash_rule = 2')).rejects.toThrow(/permission denied/);
      await expect(db.app.execute('delete from events')).rejects.toThrow(/permission denied/);
      await expect(db.owner.execute('update events set hash_rule = 2')).rejects.toThrow(/append-only/);
      const [grants] = await db.owner.query<Record<string, boolean>>(
        'select ' +
          ['select', 'insert', 'update', 'delete', 'truncate']
            .map((p) => `has_table_privilege('sahyog_app', 'events', '${p}') as ${p}`)
            .join(', '),
      );
      expect(grants).toEqual({ select: true, insert: true, update: false, delete: false, truncate: false });
    });
  });

  it('verifies the upgraded ledger as it is (rule-1 events, an unsigned checkpoint of the previous release), publishes no unsigned digest, and replays without a difference', async () => {
    await withUpgraded(async (db) => {
      const report = await verify(db.owner);
      expect(report.problems).toEqual([]);
      expect(report).toMatchObject({ ok: true, eventsChecked: rowsBefore.length, checkpointsChecked: 1 });
      expect((await cli(db.owner, 'verify')).code).toBe(0);
      // Nothing is signed yet: there is no digest to save, rather than an unsigned one dressed as one.
      expect(await latestDigest(db.owner)).toBeNull();
      expect((await replayLedger(db.owner, runner)).differences).toBe(0);
      // The later migrations' backfills (member_profiles; team_counts and its whole-team rows, depth 0) are what
      // today's projections rebuild from the same events.
      const all = await replayLedger(db.owner, new ProjectionRunner(ALL_PROJECTIONS));
      expect(all.tables.map((d) => d.table)).toEqual(expect.arrayContaining(['member_profiles', 'team_counts']));
      expect(all.differences).toBe(0);
      const [totals] = await db.owner.query<{ n: number }>(
        'select count(*)::int as n from team_counts where depth = 0',
      );
      expect(totals.n).toBeGreaterThan(0);
    });
  });

  it('vouches for the old events with the first signed checkpoint, which continues the unsigned one, and verifies --against a digest saved then', async () => {
    await withSignedOnTop(async (db) => {
      const checkpoints = await db.owner.query<{
        position: string;
        payload: { previousDigest: string; digest: string; signature?: string };
      }>(
        "select position::text as position, payload from events where stream_id = 'ledger-checkpoints' order by stream_version",
      );
      expect(checkpoints[0].payload.signature).toBeUndefined();
      expect(checkpoints[1].payload.signature).toEqual(expect.any(String));
      expect(checkpoints[1].payload.previousDigest).toBe(checkpoints[0].payload.digest);
      const rules = await db.owner.query<{ rule: number; n: number }>(
        'select hash_rule as rule, count(*)::int as n from events where position > $1 group by hash_rule',
        [legacy.tail],
      );
      expect(rules.map((r) => r.rule)).toEqual([2]);

      expect(await verify(db.owner)).toMatchObject({ ok: true, problems: [], checkpointsChecked: checkpoints.length });
      expect((await latestDigest(db.owner))?.signature).toEqual(expect.any(String));
      const dir = mkdtempSync(join(tmpdir(), 'sahyog-upgrade-digest-'));
      try {
        const saved = join(dir, 'digest.json');
        expect((await cli(db.owner, 'digest', ['--out', saved])).code).toBe(0);
        expect((await cli(db.owner, 'verify', ['--against', saved])).code).toBe(0);
        await ledgerOn(db.app).run(meta, (tx) => tx.append('member-100004', 0, [registration('100004', '100000')]));
        expect((await cli(db.owner, 'verify', ['--against', saved])).code).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      expect((await replayLedger(db.owner, runner)).differences).toBe(0);
    });
  });

  it('names a rule-1 event a superuser altered and re-hashed by the legacy rule, through the signed checkpoint that covers it', async () => {
    await withSignedOnTop(async (db) => {
      // The previous release's tail: covered by no unsigned checkpoint, only by the first signed one, whose witness names it.
      await superuser(db.owner, async (tx) => {
        await tx.execute(`update events set payload = jsonb_set(payload, '{city}', '"Pune"') where position = $1`, [
          legacy.tail,
        ]);
        await rehashStream(tx, 'member-100002');
      });
      const report = await verify(db.owner);
      expect(report.firstBad).toMatchObject({ position: legacy.tail, stream_id: 'member-100002' });
      expect(report.firstBad?.reason).toMatch(/signed checkpoint/);
    });
  });

  it('catches a superuser who alters an event under the unsigned checkpoint and recomputes that checkpoint too: the signed digest no longer follows', async () => {
    await withSignedOnTop(async (db) => {
      const [firstSigned] = await db.owner.query<{ position: string }>(
        "select position::text as position from events where stream_id = 'ledger-checkpoints' and stream_version = 2",
      );
      await superuser(db.owner, async (tx) => {
        await tx.execute(`update events set payload = jsonb_set(payload, '{city}', '"Pune"') where position = $1`, [
          legacy.covered,
        ]);
        await rehashStream(tx, 'member-100001');
        // The unsigned checkpoint recomputed over the new hash, and the signed one's previousDigest (outside its signed statement) made to follow it.
        const [old] = await tx.query<{
          payload: { fromTxId: string; fromPosition: string; toTxId: string; toPosition: string };
        }>("select payload from events where stream_id = 'ledger-checkpoints' and stream_version = 1");
        const covered = await tx.query<{ position: string; hash: string }>(
          'select position::text as position, hash from events where (tx_id, position) > ($1::xid8, $2::bigint) and (tx_id, position) <= ($3::xid8, $4::bigint) order by events.tx_id, events.position',
          [old.payload.fromTxId, old.payload.fromPosition, old.payload.toTxId, old.payload.toPosition],
        );
        const digest = covered.reduce((d, e) => digestStep(d, e.position, e.hash), GENESIS_HASH);
        await tx.execute(
          "update events set payload = payload || jsonb_build_object('digest', $1::text) where stream_id = 'ledger-checkpoints' and stream_version = 1",
          [digest],
        );
        await tx.execute(
          "update events set payload = payload || jsonb_build_object('previousDigest', $1::text) where stream_id = 'ledger-checkpoints' and stream_version = 2",
          [digest],
        );
        await rehashStream(tx, CHECKPOINT_STREAM);
      });
      const report = await verify(db.owner);
      expect(report.ok).toBe(false);
      // Every hash matches and the unsigned checkpoint matches what it covers now; only the signature's digest knows better.
      expect(report.problems.filter((p) => p.stream_id !== CHECKPOINT_STREAM)).toEqual([]);
      expect(report.problems).toContainEqual(
        expect.objectContaining({
          position: firstSigned.position,
          stream_id: CHECKPOINT_STREAM,
          reason: expect.stringMatching(/digest/),
        }),
      );
    });
  });

  /** An unsigned checkpoint in the previous release's shape, continuing the chain correctly, appended through the product's store (rule 2) by the application role. */
  async function unsignedCheckpoint(db: TestDatabase): Promise<string> {
    await ledgerOn(db.app).run(meta, (tx) => tx.append('member-100005', 0, [registration('100005', '100000')]));
    return db.app.transaction(async (tx) => {
      const [{ xmin }] = await tx.query<{ xmin: string }>(
        'select pg_snapshot_xmin(pg_current_snapshot())::text as xmin',
      );
      const [last] = await tx.query<{
        stream_version: number;
        payload: { toTxId: string; toPosition: string; digest: string };
      }>(
        "select stream_version, payload from events where stream_id = 'ledger-checkpoints' order by stream_version desc limit 1",
      );
      const run = await chainDigest(
        tx,
        { txId: last.payload.toTxId, position: last.payload.toPosition },
        last.payload.digest,
        { beforeTxId: xmin },
      );
      const payload = {
        fromTxId: last.payload.toTxId,
        fromPosition: last.payload.toPosition,
        toTxId: run.lastTxId,
        toPosition: run.lastPosition,
        count: run.count,
        previousDigest: last.payload.digest,
        digest: run.digest,
      };
      const [written] = await appendToStream(
        tx,
        CHECKPOINT_STREAM,
        last.stream_version,
        [{ type: CHECKPOINT_EVENT, payload }],
        { actor: { kind: 'system', id: 'ledger-checkpoint' }, correlationId: 'forged' },
      );
      return written.position;
    });
  }

  it('flags an unsigned checkpoint written after a signed one, even one that continues the chain correctly', async () => {
    await withSignedOnTop(async (db) => {
      const written = await unsignedCheckpoint(db);
      const report = await verify(db.owner);
      expect(report.problems).toEqual([
        {
          position: written,
          stream_id: CHECKPOINT_STREAM,
          reason: expect.stringMatching(/unsigned checkpoint after signed checkpoint/),
        },
      ]);
    });
  });

  it('flags an unsigned checkpoint written after the upgrade even before anything is signed: this release signs all it writes', async () => {
    await withUpgraded(async (db) => {
      const written = await unsignedCheckpoint(db);
      const report = await verify(db.owner);
      expect(report.problems).toEqual([
        {
          position: written,
          stream_id: CHECKPOINT_STREAM,
          reason: expect.stringMatching(/unsigned checkpoint under hash rule 2/),
        },
      ]);
    });
  });

  it('flags a rule-1 event recorded after the ledger moved to rule 2 (a downgrade), and a rule it does not know, naming each event', async () => {
    await withSignedOnTop(async (db) => {
      const insert = async (streamId: string, rule: number) => {
        const [head] = await db.app.query<{ v: number; hash: string }>(
          'select stream_version as v, hash from events where stream_id = $1 order by stream_version desc limit 1',
          [streamId],
        );
        const recordedAt = new Date().toISOString();
        const content = {
          streamId,
          streamVersion: (head?.v ?? 0) + 1,
          type: 'MemberNoteAdded',
          schemaVersion: 1,
          payload: { note: 'downgraded' },
          metadata: meta,
          recordedAt,
        };
        // Hashed correctly by the rule it names: only the rule's place in the ledger gives it away.
        const hash =
          rule === 1
            ? legacyEventHash(head?.hash ?? GENESIS_HASH, content)
            : eventHash(head?.hash ?? GENESIS_HASH, content);
        // In a transaction of Database's: a registered ledger writer (decision 0036).
        const [row] = await db.app.transaction((tx) =>
          tx.query<{ position: string }>(
            'insert into events (stream_id, stream_version, type, schema_version, payload, metadata, recorded_at, hash, hash_rule) values ($1, $2, $3, 1, $4::jsonb, $5::jsonb, $6::timestamptz, $7, $8) returning position::text as position',
            [
              streamId,
              content.streamVersion,
              content.type,
              canonicalJson(content.payload),
              canonicalJson(meta),
              recordedAt,
              hash,
              rule,
            ],
          ),
        );
        return row.position;
      };
      const inRule2Stream = await insert('member-100003', 1);
      const inNewStream = await insert('member-note-1', 1);
      const unknown = await insert('member-note-2', 3);
      const report = await verify(db.owner);
      expect(report.problems).toEqual([
        { position: inRule2Stream, stream_id: 'member-100003', reason: expect.stringMatching(/hash rule 1 .*after/) },
        { position: inNewStream, stream_id: 'member-note-1', reason: expect.stringMatching(/hash rule 1 .*after/) },
        { position: unknown, stream_id: 'member-note-2', reason: expect.stringMatching(/unknown hash rule 3/) },
      ]);
    });
  });

  it("exports each line's hash rule; the docs snippets check a mixed export, name an altered line of either rule, and leave redacted rule-1 lines to the checkpoints", async () => {
    await withSignedOnTop(async (db) => {
      const dir = mkdtempSync(join(tmpdir(), 'sahyog-upgrade-export-'));
      try {
        const file = join(dir, 'ledger.ndjson');
        const lines = await exportTo(db.app, file);
        expect(new Set(lines.map((l) => l.hashRule))).toEqual(new Set([1, 2]));
        expect(lines.filter((l) => l.hashRule === 1).map((l) => l.position)).toEqual(rowsBefore.map((r) => r.position));
        expect(snippet('## Checking an export yourself', dir)).toBe('');
        writeFileSync(join(dir, 'ledger-public-key.pem'), testLedgerKeys().published()[0].publicKeyPem);
        const signatures = snippet('## Checking the signatures', dir);
        expect(signatures).not.toMatch(/bad signature/);
        expect(signatures).toMatch(
          /^1 checkpoints? unsigned, from before signing began\n\d+ checkpoint signatures good\n$/,
        );

        const ruleOne = lines.find((l) => l.hashRule === 1 && l.type === 'MemberRegistered');
        const ruleTwo = lines.find((l) => l.hashRule === 2 && l.type === 'MemberRegistered');
        if (!ruleOne || !ruleTwo) throw new Error('the export lacks a registration of each rule');
        ruleOne.payload.state = 'Goa';
        ruleTwo.payload.state = 'Goa';
        writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
        const altered = snippet('## Checking an export yourself', dir);
        expect(altered).toContain(`bad event ${ruleOne.position}\n`);
        expect(altered).toContain(`bad event ${ruleTwo.position}\n`);

        // The auditor's export: a redacted line without a nonce (every rule-1 one) carries neither hash nor content hash,
        // which would confirm a guess of its personal values, nor does any later line of its stream, whose hash chains
        // over its hash; the snippet reports them as covered by the checkpoints instead of failing them (decision 0015).
        await ledgerOn(db.app).run({ ...meta, clientIp: '10.1.2.3' }, (tx) =>
          tx.append('member-100001', 1, [{ type: 'DisclaimerAgreed', payload: {} }]),
        );
        const redactor = new Redactor('ledger-upgrade-test-salt');
        const redacted = await exportTo(db.app, file, (e, hidden) => redactor.event(e, hidden));
        const unsalted = redacted.filter((l) => l.hashRule === 1 && l.redacted === true);
        expect(unsalted.length).toBeGreaterThan(0);
        for (const line of unsalted) {
          expect(line.coveredBy).toBe('checkpoint');
          expect(line).not.toHaveProperty('hash');
          expect(line).not.toHaveProperty('contentHash');
        }
        const later = redacted.find((l) => l.streamId === 'member-100001' && l.streamVersion === 2);
        expect(later).toMatchObject({
          hashRule: 2,
          redacted: true,
          coveredBy: 'checkpoint',
          contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        });
        expect(later).not.toHaveProperty('hash');
        expect(later?.metadata).not.toHaveProperty('nonce');
        // A new stream's redacted line (with its nonce, hidden) keeps both hashes; a non-personal legacy line keeps its hash.
        expect(redacted.find((l) => l.streamId === 'member-100003')).toMatchObject({
          redacted: true,
          hash: expect.any(String),
          contentHash: expect.any(String),
        });
        expect(redacted.find((l) => l.streamId === 'ledger-checkpoints' && l.hashRule === 1)).toMatchObject({
          hash: expect.any(String),
          contentHash: expect.any(String),
        });
        const unlinkable = redacted.filter((l) => l.coveredBy === 'checkpoint').map((l) => l.position);
        // The snippet walks stream by stream: compare the lines it prints, in any order.
        const printed = snippet('## Checking an export yourself', dir).trim().split('\n').sort();
        expect(printed).toEqual(unlinkable.map((p) => `covered only by checkpoint ${p}`).sort());
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});

/**
 * Decision 0052's upgrade (migration 1763800020600) on a deep ledger: a chain 40 levels deep and a
 * few members beside it, its closure and team counts as the previous release kept them (every
 * level). The migration keeps 15 levels and the near part of the whole-team rows; replay and verify
 * find 0 differences at once; the reconciler finds every member with a 15th upline not counted, and
 * once the `team-totals` processor has counted them every whole team equals a count of the tree.
 */
describe('the bounded closure on a deep ledger the previous release wrote (decision 0052)', () => {
  let db: TestDatabase;
  const ROOT_UID = '100000';
  const chain = Array.from({ length: 40 }, (_, i) => String(200001 + i));
  const beside = ['300001', '300002', '300003'];
  /** Every member's whole team by counting the tree (the sponsors' recursion), next to team_counts' depth-0 rows. */
  const teamsDisagreeing = () =>
    db.owner.query(`
      with recursive up (uid, ancestor) as (
        select uid, sponsor_uid from members where sponsor_uid is not null
        union all
        select up.uid, m.sponsor_uid from up join members m on m.uid = up.ancestor where m.sponsor_uid is not null),
      truth as (select ancestor as uid, count(*)::int as members from up group by 1),
      kept as (select uid, sum(members)::int as members from team_counts where depth = 0 group by 1)
      select * from truth full join kept using (uid) where truth.members is distinct from kept.members`);
  const zeroDifferences = async () => {
    const report = await verifyLedger(db.app, LEDGER_CHECKS);
    expect(report.problems).toEqual([]);
    const replay = await replayLedger(db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
  };

  beforeAll(async () => {
    testSigningKeyPem();
    const before = ALL_MIGRATIONS.slice(0, ALL_MIGRATIONS.indexOf(BoundedClosure1763800020600));
    db = await createTestDatabase({ migrations: before });
    // The events through today's projections, less the tree's two, whose rows the previous release wrote below.
    const tree = new Set(['member-tree', 'team-counts']);
    const ledger = new Ledger(db.app, new ProjectionRunner(ALL_PROJECTIONS.filter((p) => !tree.has(p.name))));
    const members: Array<[string, string | null]> = [
      [ROOT_UID, null],
      ...chain.map((uid, i): [string, string] => [uid, i === 0 ? ROOT_UID : chain[i - 1]]),
      ...beside.map((uid): [string, string] => [uid, chain[29]]),
    ];
    for (const [uid, sponsor] of members)
      await ledger.run(meta, (tx) => tx.append(`member-${uid}`, 0, [registration(uid, sponsor)]));
    // The previous release's closure (every level) and counts (every level, and the whole-team rows).
    await db.owner.execute(`
      insert into member_tree (ancestor_uid, descendant_uid, depth)
      with recursive up (uid, ancestor, depth) as (
        select uid, sponsor_uid, 1 from members where sponsor_uid is not null
        union all
        select up.uid, m.sponsor_uid, up.depth + 1 from up join members m on m.uid = up.ancestor where m.sponsor_uid is not null)
      select ancestor, uid, depth from up`);
    await db.owner.execute(`
      insert into team_counts (uid, depth, shard, members, active)
      select t.ancestor_uid, t.depth, t.descendant_uid::integer % 8, count(*), count(*) filter (where m.status = 'Active')
        from member_tree t join members m on m.uid = t.descendant_uid group by 1, 2, 3`);
    await db.owner.execute(`
      insert into team_counts (uid, depth, shard, members, active)
      select uid, 0, shard, sum(members), sum(active) from team_counts where depth > 0 group by uid, shard`);
    const [{ n }] = await db.owner.query<{ n: number }>('select max(depth)::int as n from member_tree');
    expect(n).toBe(40);
    expect(await teamsDisagreeing()).toEqual([]);
    // this upgrade and the ones after it
    expect(await migrate(db.ownerUrl, 'sahyog_app', ALL_MIGRATIONS)).toEqual(
      ALL_MIGRATIONS.slice(ALL_MIGRATIONS.indexOf(BoundedClosure1763800020600)).map((m) => m.name),
    );
  });
  afterAll(() => db?.drop());

  it('keeps 15 levels and the near totals; replay and verify find 0 differences before and after the reconciler and the processor have counted the far uplines', async () => {
    const [{ closure, counts }] = await db.owner.query<{ closure: number; counts: number }>(
      'select (select max(depth) from member_tree)::int as closure, (select max(depth) from team_counts)::int as counts',
    );
    expect([closure, counts]).toEqual([15, 15]);
    const low = await teamsDisagreeing();
    expect(low.length).toBeGreaterThan(0); // uplines more than 15 levels above someone read low until counted
    await zeroDifferences();

    // The worker's reconciler, behind a relay that has passed every event: every registration of a member with a 15th upline.
    await db.owner.execute(
      `insert into subscription_cursors (name, tx_id, position)
       select $1, tx_id, position from events order by tx_id desc, position desc limit 1`,
      [RELAY_CURSOR],
    );
    const jobs: Array<{ data: { position: string; streamId: string }; opts: { jobId: string } }> = [];
    const reconciler = new Reconciler(
      db.app,
      () => ({ addBulk: async (added: typeof jobs) => void jobs.push(...added) }) as never,
      { watched: async () => [] } as never,
      [],
    );
    const found = await reconciler.reconcile();
    // chain[14..39] (levels 15..40) and the three beside chain[29] (level 31).
    expect(found.teamTotals).toBe(26 + 3);
    expect(jobs.every((j) => j.opts.jobId === `team-totals-${j.data.position}`)).toBe(true);
    expect(
      await countTeamTotals(
        ledgerOn(db.app),
        jobs.map((j) => j.data.position),
      ),
    ).toBe(29);
    expect(await teamsDisagreeing()).toEqual([]);
    jobs.length = 0;
    expect((await reconciler.reconcile()).teamTotals).toBe(0);
    await zeroDifferences();
  });

  it('migrates down to the full closure and counts (every level, from the members’ sponsors), and up again with the far counts the ledger holds', async () => {
    const migration = new BoundedClosure1763800020600();
    const runner = db.owner.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await migration.down(runner);
      const [{ n }] = await db.owner.query<{ n: number }>('select max(depth)::int as n from member_tree');
      expect(n).toBe(40);
      expect(await teamsDisagreeing()).toEqual([]);
      const [{ rows }] = await db.owner.query<{ rows: number }>(
        "select count(*)::int as rows from member_tree where descendant_uid = '300001'",
      );
      expect(rows).toBe(31); // chain[29] is at level 30: 30 uplines above it, and it
      await migration.up(runner);
      const [{ m }] = await db.owner.query<{ m: number }>('select max(depth)::int as m from member_tree');
      expect(m).toBe(15);
      // What the ledger had counted is counted again: every whole team exact, 0 differences.
      expect(await teamsDisagreeing()).toEqual([]);
      await zeroDifferences();
    } finally {
      await runner.release();
    }
  });
});
