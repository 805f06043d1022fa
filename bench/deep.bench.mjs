// A deep network (issue 22 §7): 100,000 members of which one chain reaches depth 5,000, next to the
// bushy shape the team and top-up benchmarks use. What depth costs the tree's representation: the
// `member_tree` closure bounded at 15 levels, `team_counts` at levels 1..15 and the whole-team rows,
// whose part from uplines more than 15 levels up is counted in batches by the `team-totals`
// processor (decision 0052). See bench/README.md.
//
// Plain ESM, the code under test from the compiled `dist/`.
//
//   ledger   BENCH_DEEP_MEMBERS members (default 100,000; the root included) registered as real
//            events through the append path (`appendToStreams`: canonical JSON, each stream's hash
//            chain, 1,000 events per INSERT), each carrying its credential commitment (one event a member, decision 0060), with its
//            member_credentials row, as registering writes them: the root; a chain of
//            BENCH_DEEP_DEPTH members (default 5,000) each sponsored by the one before (the last at
//            depth 5,000); the rest a bushy tree under the root (1,000 directs, 10 below each,
//            breadth first: levels 1..3 at the default size). Every member with a 15th upline
//            counted in its far uplines' totals as the processor does it: TeamTotalsCounted events of
//            64 members on the `team-totals` stream.
//   replay   the read tables built from that ledger by `ledger replay`'s own set-based rebuild
//            (replayLedger into a scratch schema, then copied into the live tables): the time of the
//            whole rebuild and of each projection's — the replay target on this shape.
//   write    through the real Ledger and its inline projections, in turn: BENCH_DEEP_ROUNDS
//            registrations at the chain's end (depth 5,001) and as many under the bushy tree's last
//            leaf, one transaction each, alternated; then each of those members' first top-up
//            (issueEpins + topUp: the team_counts Active counts of the 15 nearest uplines),
//            alternated the same way. The first tenth of each is warm-up, not counted. After each
//            kind, the `team-totals` processor's count (`countTeamTotals`) of the chain's ones, in
//            batches of 10: the far uplines' totals, off the members' transactions.
//   read     BENCH_DEEP_READS rounds (after 10 warm-up rounds) for the root, the chain's first
//            member (4,999 levels below) and the chain's middle member: DownlineReport's,
//            DirectReport's and LevelDetails' (level 15) first page, TeamTree (3 levels) and the
//            dashboard's team size — the answers' JSON built, client-observed over the app role's
//            pool; and TeamTree's access check (`inTeamOf`) across the chain. The whole teams are
//            checked exact first (the root's is every member).
//   bytes    the database's size per member (pg_database_size / members) and the largest tables.
//   check    `ledger replay` again, compared: 0 differences.
import { createRequire } from 'node:module';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { loadDist as loadLedgerDist, registration } from './topup-income.bench.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'package.json'));

export const TARGET_P99_MS = 50;
export const TARGET_BYTES_PER_MEMBER = 2048;
const ROOT_UID = 100_000;
const MAX_MEMBERS = 800_000;
const APPEND_MEMBERS = 1000; // one event each (decision 0060): 1,000 events per INSERT (MAX_EVENTS_PER_APPEND)
const BUSHY_DIRECTS = 1000;
const FANOUT = 10;
const READ_WARMUP = 10;
/** The closure's bound (CLOSURE_DEPTH): the 15 income levels, and the levels LevelDetails can ask for (1..15). */
const BOUND = 15;
/** Members per TeamTotalsCounted in the generated ledger (TEAM_TOTALS_BATCH). */
const BATCH = 64;
/** Members per processor count measured after the writes. */
const COUNT_BATCH = 10;
const EPIN_TYPE = 'EpintypeB';
/** One fixed credential for every member (none of them logs in), as the replay benchmark's. */
const BENCH_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaGJlbmNo$4z4HJ8Hn6qUZq2Vt0rQq3Xg0ZpQ6m0x1G6bJc2hQyXo';

export const DIST_FILES = [
  'dist/modules/network/jobs/team-totals.processor.js',
  'dist/modules/network/queries/team-report/team-report.query.js',
  'dist/modules/network/queries/team-tree/team-tree.query.js',
  'dist/modules/ledger-audit/replay.js',
  'dist/platform/event-store/event-store.js',
  'dist/modules/identity/credential-commitments.js',
  'dist/modules/identity/projections/members.projection.js',
];

function loadDist() {
  const dist = (p) => require(path.join(ROOT, 'dist', p));
  return {
    ...loadLedgerDist(),
    ...dist('modules/network/jobs/team-totals.processor.js'),
    ...dist('modules/network/queries/team-report/team-report.query.js'),
    ...dist('modules/network/queries/team-tree/team-tree.query.js'),
    ...dist('modules/ledger-audit/replay.js'),
    ...dist('platform/event-store/event-store.js'),
    ...dist('modules/identity/credential-commitments.js'),
    ...dist('modules/identity/projections/members.projection.js'),
  };
}

const uidOf = (index) => String(ROOT_UID + index);
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

/**
 * The shape by member index: 0 the root; 1..depth the chain (each sponsored by the one before);
 * then the bushy tree under the root, breadth first (BUSHY_DIRECTS directs, FANOUT below each);
 * `last` the last of them (the bushy tree's last leaf); the measured registrations come after.
 */
export function deepShape(members, depth, rounds) {
  const bushy = members - 1 - depth - 2 * rounds;
  if (depth < BOUND + 1 || bushy < BUSHY_DIRECTS + FANOUT)
    throw new Error(
      `BENCH_DEEP_MEMBERS (${members}) must leave ${BUSHY_DIRECTS + FANOUT} members beside the chain of BENCH_DEEP_DEPTH (${depth} > ${BOUND}) and 2 × BENCH_DEEP_ROUNDS`,
    );
  const b0 = depth + 1;
  const last = depth + bushy;
  const sponsorOf = (g) => {
    if (g === 0) return -1;
    if (g <= depth) return g - 1;
    const k = g - b0;
    return k < BUSHY_DIRECTS ? 0 : b0 + Math.floor((k - BUSHY_DIRECTS) / FANOUT);
  };
  let leafDepth = 0;
  for (let g = last; g !== 0; g = sponsorOf(g)) leafDepth++;
  return { members, depth, bushy, last, leafDepth, sponsorOf };
}

/**
 * The bulk of the ledger: registrations, each carrying its credential row's commitment as registering
 * writes it (decision 0060: one event a member), 1,000 members per INSERT; then the far counts.
 * Answers how many were counted.
 */
async function writeLedger(d, owner, shape, log) {
  const credentialKey = crypto.randomBytes(32);
  const meta = (id) => ({ actor: { kind: 'system', id: 'bench-deep' }, correlationId: `bench-deep-${id}` });
  const registered = (i) => {
    const event = registration(i, shape.sponsorOf(i));
    const commitment = d.registrationCommitment(credentialKey, {
      principal: uidOf(i),
      version: 1,
      passwordHash: BENCH_PASSWORD_HASH,
      txnPasswordHash: BENCH_PASSWORD_HASH,
    });
    return { ...event, payload: { ...event.payload, ...commitment } };
  };
  for (let from = 0; from <= shape.last; from += APPEND_MEMBERS) {
    const chunk = [];
    for (let i = from; i <= Math.min(shape.last, from + APPEND_MEMBERS - 1); i++) chunk.push(i);
    await owner.transaction(
      async (tx) => {
        await d.appendToStreams(
          tx,
          chunk.map((i) => ({ streamId: `member-${uidOf(i)}`, expectedVersion: 0, events: [registered(i)] })),
          meta(`register-${from}`),
        );
        await tx.execute(
          `insert into member_credentials (principal, version, password_hash, txn_password_hash)
           select principal, 1, $2, $2 from unnest($1::text[]) as principal`,
          [chunk.map(uidOf), BENCH_PASSWORD_HASH],
        );
      },
      { retry: false },
    );
    if ((from / APPEND_MEMBERS) % 40 === 39) log(`ledger: ${from + chunk.length} members registered`);
  }
  // The far uplines' counts, as the team-totals processor appends them: the chain's members from
  // depth 15 on (the bushy tree is 3 levels deep), BATCH a TeamTotalsCounted, in 1,000-event appends.
  const deep = [];
  for (let g = 1; g <= shape.last; g++) {
    let d = 0;
    for (let a = shape.sponsorOf(g); a >= 0 && d < BOUND; a = shape.sponsorOf(a)) d++;
    if (d === BOUND) deep.push(g);
  }
  let version = 0;
  let head = null;
  for (let from = 0; from < deep.length; from += BATCH * 1000) {
    const events = [];
    for (let k = from; k < Math.min(deep.length, from + BATCH * 1000); k += BATCH)
      events.push({
        type: 'TeamTotalsCounted',
        payload: { counted: deep.slice(k, k + BATCH).map((g) => ({ uid: uidOf(g), kind: 'registered' })) },
      });
    await owner.transaction(
      async (tx) => {
        const [stored] = await d.appendToStreams(
          tx,
          [{ streamId: 'team-totals', expectedVersion: version, events, headHash: head }],
          meta(`team-totals-${from}`),
        );
        version += stored.length;
        head = stored[stored.length - 1].hash;
      },
      { retry: false },
    );
  }
  return deep.length;
}

/**
 * The live tables set to what the set-based replay built in `schema`. The two tables depth makes
 * large are loaded without their indexes, which are built after (a load into live indexes row by
 * row would measure the copy, not the representation).
 */
async function adopt(owner, schema, tables) {
  await owner.transaction(
    async (tx) => {
      await tx.execute(`truncate ${tables.map((t) => `public.${t}`).join(', ')}`);
      for (const t of tables) {
        const big = t === 'member_tree' || t === 'team_counts';
        const constraints = big
          ? await tx.query(
              `select conname, pg_get_constraintdef(oid) as def from pg_constraint
                where conrelid = $1::regclass and contype in ('p', 'u')`,
              [`public.${t}`],
            )
          : [];
        const indexes = big
          ? await tx.query(
              `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = $1
                  and indexname <> all($2::text[])`,
              [t, constraints.map((c) => c.conname)],
            )
          : [];
        for (const i of indexes) await tx.execute(`drop index public.${i.indexname}`);
        for (const c of constraints) await tx.execute(`alter table public.${t} drop constraint ${c.conname}`);
        await tx.execute(`insert into public.${t} select * from ${schema}.${t}`);
        for (const c of constraints) await tx.execute(`alter table public.${t} add constraint ${c.conname} ${c.def}`);
        for (const i of indexes) await tx.execute(i.indexdef);
      }
    },
    { retry: false, appends: false },
  );
  await owner.execute(`drop schema ${schema} cascade`);
  await owner.execute('analyze');
}

/** The positions of these members' events of `type`, in ledger order. */
async function positionsOf(db, type, uids) {
  const rows = await db.query(
    'select position::text as position from events where type = $1 and stream_id = any($2::text[]) order by position',
    [type, uids.map((uid) => `member-${uid}`)],
  );
  return rows.map((r) => r.position);
}

/** The processor's counts of these positions, COUNT_BATCH a transaction: their times, and how many it counted. */
async function countInBatches(d, ledger, positions) {
  const times = [];
  let counted = 0;
  for (let k = 0; k < positions.length; k += COUNT_BATCH) {
    const s = performance.now();
    counted += await d.countTeamTotals(ledger, positions.slice(k, k + COUNT_BATCH));
    times.push(performance.now() - s);
  }
  return { times, counted };
}

export async function run({
  ownerUrl,
  appUrl,
  members = 100_000,
  depth = 5000,
  rounds = 50,
  reads = 50,
  explain = false,
  log = () => {},
}) {
  if (members > MAX_MEMBERS) throw new Error(`BENCH_DEEP_MEMBERS must be at most ${MAX_MEMBERS} (six-digit uids)`);
  const shape = deepShape(members, depth, rounds);
  const d = loadDist();
  const owner = new d.Database(await d.createDataSource(ownerUrl, { poolSize: 2 }).initialize());
  const app = new d.Database(await d.createDataSource(appUrl, { poolSize: 4 }).initialize());
  try {
    const [server] = await owner.query(
      "select current_setting('server_version') as version, current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit, current_setting('shared_buffers') as shared_buffers",
    );
    // ---- the ledger, and the read tables from it by replay's set-based rebuild
    let t0 = performance.now();
    const farCounted = await writeLedger(d, owner, shape, log);
    const ledgerMs = performance.now() - t0;
    const [{ n: events }] = await owner.query('select count(*)::int as n from events');
    log(`ledger: ${events} events in ${(ledgerMs / 1000).toFixed(0)} s (${farCounted} members counted far)`);
    const runner = new d.ProjectionRunner(d.ALL_PROJECTIONS);
    const projections = [];
    t0 = performance.now();
    const replayed = await d.replayLedger(owner, runner, {
      compare: false,
      onRebuild: (name, ms, indexMs, statementMs) => projections.push({ name, ms, indexMs, statementMs }),
    });
    const replayMs = performance.now() - t0;
    log(`replay: ${events} events rebuilt in ${(replayMs / 1000).toFixed(1)} s`);
    await adopt(owner, replayed.schema, runner.tables());
    const [sizes0] = await owner.query(
      `select (select count(*) from member_tree)::bigint as closure, (select count(*) from team_counts)::bigint as counts,
              (select count(*) from members)::bigint as members`,
    );
    log(`read tables: ${sizes0.members} members, ${sizes0.closure} closure rows, ${sizes0.counts} team_counts rows`);

    // ---- writes through the ledger: registrations, then first top-ups, chain's end vs the bushy leaf
    const ledger = new d.Ledger(app, new d.ProjectionRunner(d.ALL_PROJECTIONS));
    const warm = Math.max(1, Math.floor(rounds / 10));
    const chainMember = (k) => shape.last + 1 + k;
    const bushyMember = (k) => shape.last + 1 + rounds + k;
    const chainUids = Array.from({ length: rounds }, (_, k) => uidOf(chainMember(k)));
    const writes = { 'registration, chain end': [], 'registration, bushy leaf': [] };
    for (let k = 0; k < rounds; k++) {
      const order = k % 2 ? ['bushy', 'chain'] : ['chain', 'bushy'];
      for (const kind of order) {
        const g = kind === 'chain' ? chainMember(k) : bushyMember(k);
        const sponsor = kind === 'chain' ? shape.depth : shape.last;
        const s = performance.now();
        await ledger.run({ actor: { kind: 'system', id: 'bench' }, correlationId: `bench-deep-reg-${g}` }, (tx) =>
          tx.append(`member-${uidOf(g)}`, 0, [registration(g, sponsor)]),
        );
        if (k >= warm)
          writes[`registration, ${kind === 'chain' ? 'chain end' : 'bushy leaf'}`].push(performance.now() - s);
      }
    }
    const registered = await countInBatches(d, ledger, await positionsOf(app, 'MemberRegistered', chainUids));
    if (registered.counted !== rounds)
      throw new Error(`the processor counted ${registered.counted} registrations, not ${rounds}`);
    writes[`team-totals count of ${COUNT_BATCH} registrations, chain end`] = registered.times;
    const admin = { actor: { kind: 'admin', id: 'superadmin' }, correlationId: 'bench-deep-epins' };
    const numbers = await ledger.run(admin, (tx) =>
      d.issueEpins(tx, {
        ownerUid: uidOf(0),
        epinType: EPIN_TYPE,
        quantity: 2 * rounds,
        source: { kind: 'admin', ref: 'bench-deep' },
      }),
    );
    writes['first top-up, chain end'] = [];
    writes['first top-up, bushy leaf'] = [];
    for (let k = 0; k < rounds; k++) {
      const order = k % 2 ? ['bushy', 'chain'] : ['chain', 'bushy'];
      for (const kind of order) {
        const g = kind === 'chain' ? chainMember(k) : bushyMember(k);
        const number = numbers[kind === 'chain' ? k : rounds + k];
        const s = performance.now();
        const outcome = await ledger.run(
          { actor: { kind: 'admin', id: 'superadmin' }, correlationId: `bench-deep-topup-${g}` },
          (tx) => d.topUp(tx, uidOf(0), uidOf(g), number),
        );
        if (!outcome.ok) throw new Error(`top-up of ${uidOf(g)} failed: ${outcome.reason}`);
        if (k >= warm)
          writes[`first top-up, ${kind === 'chain' ? 'chain end' : 'bushy leaf'}`].push(performance.now() - s);
      }
    }
    const activated = await countInBatches(d, ledger, await positionsOf(app, 'MemberToppedUp', chainUids));
    if (activated.counted !== rounds)
      throw new Error(`the processor counted ${activated.counted} activations, not ${rounds}`);
    writes[`team-totals count of ${COUNT_BATCH} activations, chain end`] = activated.times;
    await owner.execute('analyze');
    log('writes done');

    // ---- reads: the whole teams exact first, then timed
    const [{ n: everyone }] = await owner.query('select count(*)::int as n from members');
    const rootTeam = await d.teamSize(app, uidOf(0));
    const headTeam = await d.teamSize(app, uidOf(1));
    if (Number(rootTeam.team) !== everyone - 1 || Number(headTeam.team) !== shape.depth - 1 + rounds)
      throw new Error(
        `whole teams: the root's ${rootTeam.team} (members ${everyone - 1}), the chain head's ${headTeam.team} (${shape.depth - 1 + rounds})`,
      );
    const all = { level: null, status: null, from: null, to: null };
    const first = { limit: 1000, offset: 0, after: null };
    // The chain head's first page is the chain below it, level by level (the frontier past level 15).
    const [headPage] = await d.downlineReport(app, uidOf(1), all, first);
    const wantHead = Array.from({ length: Math.min(1000, shape.depth - 1) }, (_, k) => `${k + 1}.${uidOf(k + 2)}`);
    // (a chain shorter than the page: the page goes on with the members registered at its end)
    if (
      headPage
        .slice(0, wantHead.length)
        .map((r) => `${r.Leveltype}.${r.uid}`)
        .join(',') !== wantHead.join(',')
    )
      throw new Error("the chain head's first page is not the chain below it");
    const subjects = [
      { label: 'root', uid: uidOf(0) },
      { label: 'chain head', uid: uidOf(1) },
      { label: 'chain middle', uid: uidOf(Math.floor(shape.depth / 2)) },
    ];
    const work = {};
    for (const { label, uid } of subjects) {
      work[`DownlineReport first page, ${label}`] = async () => {
        const a = await d.downlineReport(app, uid, all, first);
        return JSON.stringify(a).length > 0 && a[0].length > 0;
      };
      work[`DirectReport first page, ${label}`] = async () => {
        const a = await d.directReport(app, uid, all, first);
        return JSON.stringify(a).length > 0 && a[0].length > 0;
      };
      work[`LevelDetails level ${BOUND}, ${label}`] = async () => {
        const a = await d.levelDetails(app, uid, { ...all, level: BOUND }, first);
        return JSON.stringify(a).length > 0 && a[0].length > 0;
      };
      work[`TeamTree 3 levels, ${label}`] = async () => {
        const a = await d.teamTree(app, uid, 3, null);
        return JSON.stringify(a).length > 0 && a[0].length > 1;
      };
      work[`dashboard team size, ${label}`] = async () => {
        const a = await d.teamSize(app, uid);
        return BigInt(a.team) > 0n;
      };
    }
    work['TeamTree access, chain head → chain end'] = async () =>
      (await d.inTeamOf(app, uidOf(1), uidOf(chainMember(0)))) === true;
    work['TeamTree access, bushy leaf → chain end'] = async () =>
      (await d.inTeamOf(app, uidOf(shape.last), uidOf(chainMember(0)))) === false;
    const names = Object.keys(work);
    const readTimes = Object.fromEntries(names.map((n) => [n, []]));
    for (let round = 0; round < READ_WARMUP + reads; round++) {
      for (const name of names) {
        const s = performance.now();
        const ok = await work[name]();
        const ms = performance.now() - s;
        if (!ok) throw new Error(`${name}: unexpected answer`);
        if (round >= READ_WARMUP) readTimes[name].push(ms);
      }
    }
    if (explain) {
      const plan = await owner.query(
        `explain (analyze, buffers) select descendant_uid from member_tree where ancestor_uid = any($1::char(6)[]) and depth = ${BOUND}`,
        [[uidOf(1)]],
      );
      log(`plan of a frontier step:\n${plan.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
    log('reads done');

    // ---- bytes
    const [db] = await owner.query(
      `select pg_database_size(current_database())::bigint as bytes, (select count(*) from members)::bigint as members,
              (select count(*) from member_tree)::bigint as closure, (select count(*) from team_counts)::bigint as counts`,
    );
    const tablesBySize = await owner.query(
      `select c.relname as name, pg_total_relation_size(c.oid)::bigint as bytes
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
        order by 2 desc limit 6`,
    );
    // Every relation of 1 % of the database or more, heap, TOAST and each index apart (vacuumed first:
    // the live rows, not what the writes left dead), and the events' columns per type.
    await owner.execute('vacuum');
    const relations = await owner.query(
      `select n.nspname || '.' || c.relname as name, c.relkind as kind, t.relname as of_table,
              pg_relation_size(c.oid)::bigint as bytes,
              coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0)::bigint as toast, c.reltuples::bigint as rows
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         left join pg_index i on i.indexrelid = c.oid left join pg_class t on t.oid = i.indrelid
        where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and c.relkind in ('r', 'i', 'm')
        order by pg_relation_size(c.oid) desc`,
    );
    const eventColumns = await owner.query(
      `select type, count(*)::bigint as n, avg(pg_column_size(payload))::int as payload, avg(pg_column_size(metadata))::int as metadata,
              avg(pg_column_size(stream_id))::int as stream_id, avg(pg_column_size(type))::int as type_bytes,
              avg(pg_column_size(hash))::int as hash, avg(pg_column_size(e.*))::int as row_bytes
         from events e group by type order by count(*) desc limit 4`,
    );

    // ---- replay again, compared with the live tables the writes and the processor left
    t0 = performance.now();
    const check = await d.replayLedger(owner, runner);
    const checkMs = performance.now() - t0;
    if (!check.ok) throw new Error(`replay found ${check.differences} differences`);
    log(`replay with the diff: 0 differences in ${(checkMs / 1000).toFixed(1)} s`);

    return {
      server,
      shape,
      events,
      farCounted,
      ledgerMs,
      replayMs,
      checkMs,
      projections: projections
        .filter((p) => p.ms + p.indexMs > 0)
        .sort((a, b) => b.ms + b.indexMs - (a.ms + a.indexMs)),
      writes: Object.entries(writes).map(([name, t]) => ({ name, ...stats(t) })),
      reads: names.map((name) => ({ name, ...stats(readTimes[name]) })),
      db: {
        bytes: Number(db.bytes),
        members: Number(db.members),
        closure: Number(db.closure),
        counts: Number(db.counts),
      },
      tablesBySize: tablesBySize.map((t) => ({ name: t.name, bytes: Number(t.bytes) })),
      relations: relations.map((x) => ({ ...x, bytes: Number(x.bytes), toast: Number(x.toast), rows: Number(x.rows) })),
      eventColumns,
    };
  } finally {
    await app.dataSource.destroy();
    await owner.dataSource.destroy();
  }
}

const mb = (b) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const ms = (x) => x.toFixed(2).padStart(8);

export function report(r) {
  const { shape } = r;
  const perMember = r.db.bytes / r.db.members;
  const chainRegistration = r.writes.find((w) => w.name === 'registration, chain end');
  const firstPages = r.reads.filter((x) => !x.name.startsWith('dashboard') && !x.name.startsWith('TeamTree access'));
  const worstRead = firstPages.reduce((a, b) => (b.p99 > a.p99 ? b : a));
  const checks = [
    [`registration at the chain's end p99 < ${TARGET_P99_MS} ms`, chainRegistration.p99 < TARGET_P99_MS],
    [`team reports' first pages p99 < ${TARGET_P99_MS} ms (worst: ${worstRead.name})`, worstRead.p99 < TARGET_P99_MS],
    [`database < ${TARGET_BYTES_PER_MEMBER} bytes per member`, perMember < TARGET_BYTES_PER_MEMBER],
  ];
  const pass = checks.every(([, ok]) => ok);
  const tree = r.projections.filter((p) => p.name === 'member-tree' || p.name === 'team-counts');
  const lines = [
    `shape: ${r.db.members} members — a chain of ${shape.depth} (its end at depth ${shape.depth}), ${shape.bushy} in a bushy tree under the root (its leaves at depth ${shape.leafDepth}), the measured ones below both`,
    `ledger: ${r.events} events written in ${(r.ledgerMs / 1000).toFixed(0)} s (${r.farCounted} members counted in their far uplines' totals); replay's set-based rebuild of every projection ${(r.replayMs / 1000).toFixed(1)} s (${Math.round((r.events * 1000) / r.replayMs)} events/s); again with the diff ${(r.checkMs / 1000).toFixed(1)} s, 0 differences`,
    `  slowest rebuilds: ${r.projections
      .slice(0, 4)
      .map((p) => `${p.name} ${(p.ms / 1000).toFixed(1)} s + indexes ${(p.indexMs / 1000).toFixed(1)} s`)
      .join('; ')}`,
    ...tree.map((p) => `  ${p.name} statements (ms): ${p.statementMs.join(', ')}`),
    `writes through the ledger (${chainRegistration.n} each after warm-up, alternated; the processor's counts after them):`,
    ...r.writes.map((w) => `  ${w.name.padEnd(50)} p50 ${ms(w.p50)} ms   p99 ${ms(w.p99)} ms   (${w.n})`),
    `reads (${r.reads[0].n} rounds):`,
    ...r.reads.map((x) => `  ${x.name.padEnd(50)} p50 ${ms(x.p50)} ms   p99 ${ms(x.p99)} ms`),
    `bytes: ${mb(r.db.bytes)} for ${r.db.members} members = ${perMember.toFixed(0)} B per member; ${r.db.closure} closure rows, ${r.db.counts} team_counts rows`,
    `  largest tables: ${r.tablesBySize.map((t) => `${t.name} ${mb(t.bytes)}`).join(', ')}`,
    `  per member, after a vacuum (heap + TOAST; each index; relations of 1 % or more):`,
    ...r.relations
      .filter((x) => x.bytes + x.toast >= r.db.bytes / 100)
      .map(
        (x) =>
          `    ${(x.kind === 'i' ? `  index ${x.name} (${x.of_table})` : x.name).padEnd(64)} ${((x.bytes + x.toast) / r.db.members).toFixed(0).padStart(6)} B${x.toast ? ` (TOAST ${(x.toast / r.db.members).toFixed(0)})` : ''}   ${x.kind === 'i' ? '' : `${x.rows} rows`}`,
      ),
    `    everything else ${((r.db.bytes - r.relations.filter((x) => x.bytes + x.toast >= r.db.bytes / 100).reduce((a, x) => a + x.bytes + x.toast, 0)) / r.db.members).toFixed(0)} B`,
    `  events' columns (average bytes): ${r.eventColumns
      .map(
        (e) =>
          `${e.type} ×${e.n}: row ${e.row_bytes}, payload ${e.payload}, metadata ${e.metadata}, stream_id ${e.stream_id}, type ${e.type_bytes}, hash ${e.hash}`,
      )
      .join('; ')}`,
    ...checks.map(([name, ok]) => `target: ${name}  ${ok ? 'met' : 'missed'}`),
    `targets (issue 22 §7)  ${pass ? 'PASS' : 'BELOW TARGET'}`,
  ];
  return { text: lines.join('\n'), verdict: pass ? 'PASS' : 'BELOW TARGET' };
}
