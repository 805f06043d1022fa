// Replay events per second on a large ledger of a real network's shape (issue 21 §3), next to a
// plain INSERT … SELECT of as many rows into one table on the same server in the same run.
//
// Plain ESM, the code under test from the compiled `dist/`.
//
//   generate  a ledger of BENCH_REPLAY_EVENTS events (default 1,000,000) written through the real
//             append path (`appendToStreams`: canonical JSON, nonces, each stream's hash chain) in
//             1,000-event appends, without the inline projections — that is what is measured next.
//             A sponsor tree (the top-up benchmark's shape: 30 levels, skewed sponsors) registered
//             level by level; 80 % of the members activated (an e-pin issued to the sponsor, a fifth
//             of them moved to another member first, used: EpinIssued, EpinTransferred, EpinUsed +
//             MemberToppedUp) with 15-level income (LevelIncomeDistributed, decided by the income
//             module's own decideLevelIncome from the tree and who was Active before); one in ten
//             active members upgrades; members with income withdraw part of it (WithdrawalRequested,
//             then WithdrawalApproved — its payout joins the GH queue — or, one in five,
//             WithdrawalRejected). Then the checkpoints are signed (a throwaway Ed25519 key), so
//             `verify` passes (BENCH_REPLAY_VERIFY=1 runs it).
//   measure   at each size of BENCH_REPLAY_SIZES (default a quarter of the ledger, then all of it):
//             `replayLedger` (compare: false) into a scratch schema — the rebuild's events/s —, the live
//             tables set to what it built, then `replayLedger` again: 0 differences and the time
//             with the diff. Before the large ledger, a correctness round on the first
//             BENCH_REPLAY_CHECK events (default 20,000): the live tables built event by event
//             (the old path, `perEventOnly`), then the set-based replay must find 0 differences.
//   plain     `insert into replay_plain select position, payload from events` of the same number
//             of rows into a table without indexes (the same run, right after each replay).
import { createRequire } from 'node:module';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { treeShape } from './topup-income.bench.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'package.json'));

/** Issue 21 §3: replay at 50,000 events/s or more, flat as the ledger grows. */
export const TARGET_EVENTS_PER_S = 50_000;
const ROOT_UID = 100_000;
const APPEND = 1000; // MAX_EVENTS_PER_APPEND
const EPIN_TYPE = 'EpintypeB';
const EPIN_PAISE = 29_900n;
const RATES_BP = [1000, 500, 300, 200, 100, 100, 100, 100, 100, 100, 50, 50, 50, 50, 50];

export const DIST_FILES = [
  'dist/modules/ledger-audit/replay.js',
  'dist/modules/ledger-audit/verify.js',
  'dist/modules/income/domain/level-income.decide.js',
  'dist/platform/event-store/checkpoint.js',
  'dist/platform/event-store/signing.js',
  'dist/modules/projections.js',
];

function loadDist() {
  require('reflect-metadata');
  const dist = (p) => require(path.join(ROOT, 'dist', p));
  return {
    ...dist('platform/db/database.js'),
    ...dist('platform/event-store/event-store.js'),
    ...dist('platform/projections/projection.js'),
    ...dist('modules/projections.js'),
    ...dist('modules/ledger-audit/replay.js'),
    ...dist('modules/ledger-audit/verify.js'),
    ...dist('modules/income/domain/level-income.decide.js'),
    ...dist('platform/event-store/checkpoint.js'),
    ...dist('platform/event-store/signing.js'),
  };
}

const uidOf = (index) => String(ROOT_UID + index);
const posting = (account, paise) => ({ account, amountPaise: paise.toString() });

/** Events per member the generator writes on average (for sizing the tree). */
const EVENTS_PER_MEMBER = 4.6;

/**
 * Writes the ledger in the order a network grows: per chunk of members (tree order, so every
 * sponsor is registered first) their registrations, then their activations, then the income of
 * those top-ups, then some withdrawals. Yields after each chunk with the events written so far, so
 * the caller can stop at a size and measure.
 */
async function* generate(d, db, { members, seed = 20261127 }) {
  const shape = treeShape(members, seed);
  const { sponsor, levels, rnd } = shape;
  const activeAt = new Map(); // member index -> order of activation
  const balance = new Map(); // member index -> level income not yet withdrawn (paise)
  const memberVersion = new Int32Array(members);
  let activations = 0;
  let written = 0;
  let epinSerial = 0;
  let withdrawalSerial = 0;
  const heads = new Map(); // stream -> hash of its last event
  const meta = (id) => ({ actor: { kind: 'system', id: 'bench-replay' }, correlationId: `bench-replay-${id}` });

  const append = async (appends, label) => {
    // up to APPEND events per INSERT, several INSERTs per transaction
    const groups = [];
    let group = [];
    let streams = new Set();
    let n = 0;
    for (const a of appends) {
      // one INSERT holds a stream once (an activation and an upgrade of one member go in two)
      if (n + a.events.length > APPEND || streams.has(a.streamId)) {
        groups.push(group);
        group = [];
        streams = new Set();
        n = 0;
      }
      group.push(a);
      streams.add(a.streamId);
      n += a.events.length;
    }
    if (group.length) groups.push(group);
    // each stream's head hash is known from the append before: no read of it per append
    for (const a of appends) if (a.expectedVersion > 0) a.headHash = heads.get(a.streamId);
    const stored = [];
    await db.transaction(
      async (tx) => {
        for (const g of groups) stored.push(...(await d.appendToStreams(tx, g, meta(label))));
      },
      { retry: false },
    );
    for (const events of stored) if (events.length) heads.set(events[0].streamId, events[events.length - 1].hash);
    written += appends.reduce((s, a) => s + a.events.length, 0);
    return stored;
  };
  const memberAppend = (i, events) => {
    const a = { streamId: `member-${uidOf(i)}`, expectedVersion: memberVersion[i], events };
    memberVersion[i] += events.length;
    return a;
  };
  const registration = (i) => ({
    type: 'MemberRegistered',
    payload: {
      uid: uidOf(i),
      sponsorUid: sponsor[i] < 0 ? null : uidOf(sponsor[i]),
      name: `Bench Member ${uidOf(i)}`,
      email: `m${uidOf(i)}@bench.sahyog.local`,
      mobile: `9${String(i).padStart(9, '0')}`,
      countryId: 101,
      city: 'Nashik',
      state: 'Maharashtra',
      upiNumber: `m${uidOf(i)}@upi`,
      walletAddress: '',
      credentialVersion: 1,
    },
  });
  const newEpin = () => `BR${String(++epinSerial).padStart(10, '0')}`;
  const total = new Map(); // member index -> total package (paise)

  await append([memberAppend(0, [registration(0)])], 'root');
  activeAt.set(0, activations++);
  const order = levels.flat().slice(1);
  const CHUNK = 2000;
  for (let c = 0; c < order.length; c += CHUNK) {
    const chunk = order.slice(c, c + CHUNK);
    await append(
      chunk.map((i) => memberAppend(i, [registration(i)])),
      `register-${c}`,
    );

    // activations (80 %) and upgrades (one in ten of the active)
    const topups = [];
    for (const i of chunk) {
      if (rnd() < 0.8) topups.push({ i, kind: 'activation' });
      if (topups.length && topups[topups.length - 1].i === i && rnd() < 0.1) topups.push({ i, kind: 'upgrade' });
    }
    const epinAppends = [];
    const used = [];
    for (const t of topups) {
      const number = newEpin();
      const owner = Math.max(0, sponsor[t.i]);
      const stream = `epin-${number}`;
      const events = [
        {
          type: 'EpinIssued',
          payload: {
            number,
            epinType: EPIN_TYPE,
            valuePaise: EPIN_PAISE.toString(),
            owner: uidOf(owner),
            source: { kind: 'admin', ref: 'bench-replay' },
          },
        },
      ];
      let holder = owner;
      if (rnd() < 0.2) {
        const to = order[Math.floor(rnd() * (c + chunk.length))] ?? 0;
        if (to !== holder) {
          events.push({ type: 'EpinTransferred', payload: { from: uidOf(holder), to: uidOf(to) } });
          holder = to;
        }
      }
      epinAppends.push({ streamId: stream, expectedVersion: 0, events });
      used.push({ ...t, number, stream, holder, version: events.length });
    }
    if (epinAppends.length) await append(epinAppends, `issue-${c}`);
    const topupAppends = [];
    for (const u of used) {
      topupAppends.push({
        streamId: u.stream,
        expectedVersion: u.version,
        events: [{ type: 'EpinUsed', payload: { by: uidOf(u.holder), member: uidOf(u.i) } }],
      });
      const before = total.get(u.i) ?? 0n;
      total.set(u.i, before + EPIN_PAISE);
      topupAppends.push(
        memberAppend(u.i, [
          {
            type: 'MemberToppedUp',
            payload: {
              epin: u.number,
              epinType: EPIN_TYPE,
              valuePaise: EPIN_PAISE.toString(),
              kind: u.kind,
              activator: uidOf(u.holder),
              currentPackagePaise: EPIN_PAISE.toString(),
              totalPackagePaise: (before + EPIN_PAISE).toString(),
            },
          },
        ]),
      );
    }
    // an e-pin's stream and its member's in one append (as topUp does); appends hold distinct streams
    const stored = topupAppends.length ? await append(topupAppends, `topup-${c}`) : [];
    const toppedUp = stored.filter((s) => s.length && s[0].type === 'MemberToppedUp').map((s) => s[0]);

    // income of those top-ups, decided by the income module from the tree as of each top-up
    const incomeAppends = [];
    for (const event of toppedUp) {
      const i = Number(event.streamId.slice('member-'.length)) - ROOT_UID;
      const seq = activations++;
      if (event.payload.kind === 'activation') activeAt.set(i, seq);
      const uplines = [];
      for (let a = sponsor[i], depth = 1; a >= 0 && depth <= RATES_BP.length; a = sponsor[a], depth++) {
        const at = activeAt.get(a);
        uplines.push({ uid: uidOf(a), depth, activeBefore: at !== undefined && at < seq });
      }
      const [income] = d.decideLevelIncome(
        { topupPosition: event.position, fromUid: uidOf(i), packagePaise: EPIN_PAISE },
        { ratesBp: RATES_BP, uplines },
      );
      for (const l of income.payload.levels)
        if (l.paid) {
          const e = Number(l.uid) - ROOT_UID;
          balance.set(e, (balance.get(e) ?? 0n) + BigInt(l.amountPaise));
        }
      incomeAppends.push({ streamId: `level-income-${event.position}`, expectedVersion: 0, events: [income] });
    }
    if (incomeAppends.length) await append(incomeAppends, `income-${c}`);

    // withdrawals: members with at least ₹500 of income take out whole rupees of it
    const requests = [];
    for (const [e, paise] of balance) {
      if (paise < 50_000n || rnd() < 0.5) continue;
      const amount = (paise / 100n) * 100n;
      const charge = (amount * 10n) / 100n;
      const id = `WD${(++withdrawalSerial).toString(16).toUpperCase().padStart(12, '0')}`;
      balance.set(e, paise - amount);
      requests.push({ e, id, amount, charge });
    }
    const uid = (e) => uidOf(e);
    if (requests.length) {
      await append(
        requests.map((r) => ({
          streamId: `withdrawal-${r.id}`,
          expectedVersion: 0,
          events: [
            {
              type: 'WithdrawalRequested',
              payload: {
                id: r.id,
                uid: uid(r.e),
                amountPaise: r.amount.toString(),
                chargePaise: r.charge.toString(),
                payoutPaise: (r.amount - r.charge).toString(),
                postings: [
                  posting(`member:${uid(r.e)}:withdrawn`, -r.amount),
                  posting(`member:${uid(r.e)}:reserved`, r.amount),
                ],
              },
            },
          ],
        })),
        `withdraw-${c}`,
      );
      await append(
        requests.map((r) => {
          const reject = rnd() < 0.2;
          if (reject) balance.set(r.e, (balance.get(r.e) ?? 0n) + r.amount);
          return {
            streamId: `withdrawal-${r.id}`,
            expectedVersion: 1,
            events: [
              reject
                ? {
                    type: 'WithdrawalRejected',
                    payload: {
                      id: r.id,
                      uid: uid(r.e),
                      by: 'superadmin',
                      remark: 'bench: bank details do not match',
                      postings: [
                        posting(`member:${uid(r.e)}:reserved`, -r.amount),
                        posting(`member:${uid(r.e)}:withdrawn`, r.amount),
                      ],
                    },
                  }
                : {
                    type: 'WithdrawalApproved',
                    payload: {
                      id: r.id,
                      uid: uid(r.e),
                      by: 'superadmin',
                      entry: {
                        id: `gh-${r.id}`,
                        side: 'GH',
                        uid: uid(r.e),
                        amountPaise: (r.amount - r.charge).toString(),
                        source: 'withdrawal',
                        sourceId: r.id,
                      },
                      postings: [
                        posting(`member:${uid(r.e)}:reserved`, -r.amount),
                        posting(`member:${uid(r.e)}:gh-owed`, r.amount - r.charge),
                        posting('platform:withdrawal-charges', r.charge),
                      ],
                    },
                  },
            ],
          };
        }),
        `decide-${c}`,
      );
    }
    yield written;
  }
}

const rate = (n, ms) => Math.round((n * 1000) / ms);

/** The live tables set to the kept scratch schema's (what the set-based replay built). */
async function adoptReplayed(owner, schema, tables) {
  await owner.transaction(
    async (tx) => {
      await tx.execute(`truncate ${tables.map((t) => `public.${t}`).join(', ')}`);
      for (const t of tables) await tx.execute(`insert into public.${t} select * from ${schema}.${t}`);
    },
    { retry: false, appends: false },
  );
  await owner.execute(`drop schema ${schema} cascade`);
  await owner.execute(`analyze`);
}

async function replayOnce(d, owner, runner, options = {}) {
  const phases = {};
  const t0 = performance.now();
  const report = await d.replayLedger(owner, runner, {
    ...options,
    onPhase: (phase, ms) => (phases[phase] = ms),
    onDiff: (table, index) => {
      if (index === 1) phases.rebuildMs = performance.now() - t0;
    },
  });
  const totalMs = performance.now() - t0;
  phases.rebuildMs ??= totalMs;
  return { report, phases, totalMs, rebuildMs: phases.rebuildMs };
}

async function plainInsert(owner, rows) {
  await owner.execute('drop table if exists replay_plain');
  await owner.execute('create table replay_plain (position bigint, payload jsonb)');
  const t0 = performance.now();
  await owner.execute(`insert into replay_plain select position, payload from events order by position limit ${rows}`);
  const ms = performance.now() - t0;
  await owner.execute('drop table replay_plain');
  return ms;
}

export async function run({ ownerUrl, events, sizes, check, verify, log }) {
  const d = loadDist();
  const ds = d.createDataSource(ownerUrl, { poolSize: 4, applicationName: 'bench-replay' });
  await ds.initialize();
  const owner = new d.Database(ds);
  const runner = new d.ProjectionRunner(d.ALL_PROJECTIONS);
  const tables = runner.tables();
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  try {
    const [server] = await owner.query(
      `select current_setting('server_version') as version, current_setting('fsync') as fsync,
              current_setting('synchronous_commit') as synchronous_commit, current_setting('shared_buffers') as shared_buffers,
              current_setting('work_mem') as work_mem, current_setting('maintenance_work_mem') as maintenance_work_mem`,
    );
    const members = Math.min(900_000, Math.max(1000, Math.ceil(events / EVENTS_PER_MEMBER)));
    const targets = [...new Set([check, ...sizes].filter((s) => s > 0))].sort((a, b) => a - b);
    const gen = generate(d, owner, { members });
    const results = [];
    let correctness = null;
    let genMs = 0;
    let written = 0;
    for (const target of targets) {
      const t0 = performance.now();
      while (written < target) {
        const next = await gen.next();
        if (next.done) break;
        written = next.value;
      }
      genMs += performance.now() - t0;
      const [{ n }] = await owner.query('select count(*)::int as n from events');
      log(`ledger: ${n} events (${(genMs / 1000).toFixed(0)} s of generating so far), load ${load()}`);
      if (target === check) {
        // the live tables as the live path writes them: every projection event by event
        const perEvent = await replayOnce(d, owner, runner, { compare: false, perEventOnly: true });
        await adoptReplayed(owner, perEvent.report.schema, tables);
        const setBased = await replayOnce(d, owner, runner);
        correctness = {
          events: n,
          perEventPerS: rate(n, perEvent.rebuildMs),
          setBasedPerS: rate(n, setBased.rebuildMs),
          differences: setBased.report.differences,
          tables: setBased.report.tables.filter((t) => t.onlyLive + t.onlyReplayed > 0),
        };
        log(
          `correctness round on ${n} events: set-based replay vs the live tables built event by event: ${correctness.differences} differences`,
        );
        if (!sizes.includes(target)) continue;
      }
      const loadBefore = load();
      const first = await replayOnce(d, owner, runner, { compare: false });
      await adoptReplayed(owner, first.report.schema, tables);
      const second = await replayOnce(d, owner, runner);
      const plainMs = await plainInsert(owner, n);
      const row = {
        events: n,
        rebuildMs: first.rebuildMs,
        phases: first.phases,
        perS: rate(n, first.rebuildMs),
        secondPerS: rate(n, second.rebuildMs),
        withDiffMs: second.totalMs,
        differences: second.report.differences,
        plainPerS: rate(n, plainMs),
        load: `${loadBefore} → ${load()}`,
      };
      row.ratio = (row.perS / row.plainPerS).toFixed(2);
      results.push(row);
      log(
        `${n} events: replay ${row.perS} events/s (rebuild ${(row.rebuildMs / 1000).toFixed(1)} s; again ${row.secondPerS}/s, with the diff ${(row.withDiffMs / 1000).toFixed(1)} s, ${row.differences} differences), plain INSERT … SELECT ${row.plainPerS} rows/s, load ${row.load}`,
      );
    }
    let verified = null;
    if (verify) {
      const { privateKey } = crypto.generateKeyPairSync('ed25519');
      const keys = new d.LedgerKeys({
        signingKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        retiredPublicKeyPems: [],
      });
      const t0 = performance.now();
      let checkpoints = 0;
      for (;;) {
        const { written: w } = await d.writeCheckpoints(owner, keys);
        checkpoints += w;
        if (w < 1000) break;
      }
      const signMs = performance.now() - t0;
      const t1 = performance.now();
      const report = await d.verifyLedger(owner, [], keys);
      verified = {
        ok: report.ok,
        problems: report.problems?.slice(0, 3),
        checkpoints,
        signMs,
        verifyMs: performance.now() - t1,
      };
      log(
        `verify: ${report.ok ? 'ok' : 'FAILED'} (${checkpoints} checkpoints signed in ${(signMs / 1000).toFixed(0)} s, verify ${(verified.verifyMs / 1000).toFixed(0)} s)`,
      );
    }
    return { server, members, genMs, results, correctness, verified };
  } finally {
    await ds.destroy();
  }
}

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padStart(widths[i])).join('  ');
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function report(r) {
  const lines = [];
  lines.push(`ledger of ${r.members} members generated in ${(r.genMs / 1000).toFixed(0)} s (not measured)`);
  if (r.correctness)
    lines.push(
      `correctness: first ${r.correctness.events} events, set-based replay vs live tables built event by event: ${r.correctness.differences} differences` +
        ` (event by event ${r.correctness.perEventPerS} events/s, set-based ${r.correctness.setBasedPerS} events/s)` +
        (r.correctness.tables.length ? `\n  ${JSON.stringify(r.correctness.tables).slice(0, 2000)}` : ''),
    );
  lines.push(
    table(
      [
        'events',
        'replay ev/s',
        'set-based s',
        'indexes s',
        'per-event s',
        'again ev/s',
        'with diff s',
        'diffs',
        'plain rows/s',
        'ratio',
        'load before → after',
      ],
      r.results.map((x) => [
        x.events,
        x.perS,
        ((x.phases['set-based'] ?? 0) / 1000).toFixed(1),
        ((x.phases.indexes ?? 0) / 1000).toFixed(1),
        ((x.phases['per-event'] ?? 0) / 1000).toFixed(1),
        x.secondPerS,
        (x.withDiffMs / 1000).toFixed(1),
        x.differences,
        x.plainPerS,
        x.ratio,
        x.load,
      ]),
    ),
  );
  if (r.verified)
    lines.push(
      `verify of the whole ledger: ${r.verified.ok ? 'ok' : `FAILED ${JSON.stringify(r.verified.problems)}`} in ${(r.verified.verifyMs / 1000).toFixed(0)} s`,
    );
  const last = r.results[r.results.length - 1];
  const verdict = last && last.perS >= TARGET_EVENTS_PER_S && last.differences === 0 ? 'PASS' : 'BELOW TARGET';
  lines.push(`target: replay ≥ ${TARGET_EVENTS_PER_S} events/s on the largest ledger with 0 differences: ${verdict}`);
  return { text: lines.join('\n'), verdict };
}
