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
/** One fixed credential for every member (none of them logs in; argon2 per member would take hours). */
const BENCH_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaGJlbmNo$4z4HJ8Hn6qUZq2Vt0rQq3Xg0ZpQ6m0x1G6bJc2hQyXo';
const EPIN_PAISE = 29_900n;
const RATES_BP = [1000, 500, 300, 200, 100, 100, 100, 100, 100, 100, 50, 50, 50, 50, 50];

export const DIST_FILES = [
  'dist/modules/ledger-audit/replay.js',
  'dist/modules/ledger-audit/verify.js',
  'dist/modules/ledger-audit/verify-whole.js',
  'dist/modules/ledger-audit/checks.js',
  'dist/modules/ledger-audit/tree-checks.js',
  'dist/modules/income/domain/level-income.decide.js',
  'dist/modules/help/domain/help.decide.js',
  'dist/modules/help/domain/help-request.decide.js',
  'dist/modules/help/domain/help-link.decide.js',
  'dist/modules/identity/credential-commitments.js',
  'dist/modules/ledger-audit/credential-checks.js',
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
    ...dist('modules/ledger-audit/verify-whole.js'),
    ...dist('modules/ledger-audit/checks.js'),
    ...dist('modules/ledger-audit/tree-checks.js'),
    ...dist('modules/income/domain/level-income.decide.js'),
    ...dist('modules/help/domain/help.decide.js'),
    ...dist('modules/help/domain/help-request.decide.js'),
    ...dist('modules/help/domain/help-link.decide.js'),
    ...dist('modules/identity/credential-commitments.js'),
    ...dist('modules/ledger-audit/credential-checks.js'),
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
async function* generate(d, db, { members, credentialKey, seed = 20261127 }) {
  const shape = treeShape(members, seed);
  const { sponsor, levels, rnd } = shape;
  // decision 0052: members 15 levels down or deeper are counted in their far uplines' totals by the
  // team-totals processor (TeamTotalsCounted on one stream, 64 members an event), as the worker does
  const levelOf = new Int32Array(members);
  levels.forEach((level, d) => level.forEach((i) => (levelOf[i] = d)));
  let teamTotalsVersion = 0;
  const activeAt = new Map(); // member index -> order of activation
  const balance = new Map(); // member index -> level income not yet withdrawn (paise)
  const memberVersion = new Int32Array(members);
  let activations = 0;
  let written = 0;
  let epinSerial = 0;
  let withdrawalSerial = 0;
  // the help circle (settings' defaults: entitlement 100 % of the help given, credited at once)
  let requestSerial = 0;
  let linkSerial = 0;
  let utrSerial = 0;
  let matchingVersion = 0;
  const openRequest = new Set(); // member index with a request not yet closed
  let phQueue = []; // open requests with part of their tier not yet matched, in queue order
  const ghQueue = []; // { id, uid, amount, received, remaining, source, sourceId } in queue order
  const now = new Date('2026-11-27T00:00:00.000Z');
  const openGh = (entry) =>
    ghQueue.push({
      id: entry.id,
      uid: entry.uid,
      amount: BigInt(entry.amountPaise),
      received: 0n,
      remaining: BigInt(entry.amountPaise),
      source: entry.source,
      sourceId: entry.sourceId,
    });
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
    // each stream's head hash is known from the append before — or from an earlier INSERT of this
    // append (an activation and an upgrade of one member): no read of it per append
    const stored = [];
    const moved = new Map();
    await db.transaction(
      async (tx) => {
        for (const g of groups) {
          for (const a of g) if (a.expectedVersion > 0) a.headHash = moved.get(a.streamId) ?? heads.get(a.streamId);
          const done = await d.appendToStreams(tx, g, meta(label));
          for (const events of done) if (events.length) moved.set(events[0].streamId, events[events.length - 1].hash);
          stored.push(...done);
        }
      },
      { retry: false },
    );
    for (const [stream, hash] of moved) heads.set(stream, hash);
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

  const credentialCommitted = (i) => ({
    type: 'CredentialCommitted',
    payload: d.commitmentEvent(credentialKey, {
      table: 'member_credentials',
      principal: uidOf(i),
      version: 1,
      passwordHash: BENCH_PASSWORD_HASH,
      txnPasswordHash: BENCH_PASSWORD_HASH,
    }),
  });
  await append(
    [
      memberAppend(0, [registration(0)]),
      { streamId: `credentials-member-${uidOf(0)}`, expectedVersion: 0, events: [credentialCommitted(0)] },
    ],
    'root',
  );
  await db.execute(
    `insert into member_credentials (principal, version, password_hash, txn_password_hash) values ($1, 1, $2, $2)`,
    [uidOf(0), BENCH_PASSWORD_HASH],
  );
  activeAt.set(0, activations++);
  const order = levels.flat().slice(1);
  const CHUNK = 2000;
  for (let c = 0; c < order.length; c += CHUNK) {
    const chunk = order.slice(c, c + CHUNK);
    // each registration with its credential row's commitment (issue 21 §2), as registering writes them
    await append(
      chunk.flatMap((i) => [
        memberAppend(i, [registration(i)]),
        { streamId: `credentials-member-${uidOf(i)}`, expectedVersion: 0, events: [credentialCommitted(i)] },
      ]),
      `register-${c}`,
    );
    await db.execute(
      `insert into member_credentials (principal, version, password_hash, txn_password_hash)
       select principal, 1, $2, $2 from unnest($1::text[]) as principal`,
      [chunk.map(uidOf), BENCH_PASSWORD_HASH],
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
    const counted = [
      ...chunk.filter((i) => levelOf[i] >= 15).map((i) => ({ uid: uidOf(i), kind: 'registered' })),
      ...toppedUp
        .filter(
          (e) =>
            e.payload.kind === 'activation' && levelOf[Number(e.streamId.slice('member-'.length)) - ROOT_UID] >= 15,
        )
        .map((e) => ({ uid: e.streamId.slice('member-'.length), kind: 'activated' })),
    ];
    if (counted.length) {
      const events = [];
      for (let k = 0; k < counted.length; k += 64)
        events.push({ type: 'TeamTotalsCounted', payload: { counted: counted.slice(k, k + 64) } });
      await append([{ streamId: 'team-totals', expectedVersion: teamTotalsVersion, events }], `team-totals-${c}`);
      teamTotalsVersion += events.length;
    }

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
    let decided = [];
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
      decided = requests.map((r) => {
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
      });
      await append(decided, `decide-${c}`);
    }
    // GH entries of the withdrawals approved just now join the queue
    for (const a of decided) if (a.events[0].type === 'WithdrawalApproved') openGh(a.events[0].payload.entry);

    // the help circle: half the members topped up now ask for help (one open request each), the
    // request approved at once (its tier joins the PH queue), matched against the GH queue in
    // HelpLinksCreated batches, each link paid (a UTR) and received; a request whose tier is all
    // given closes and its entitlement joins the GH queue (decideClose with the default settings).
    const helpRequests = [];
    for (const event of toppedUp) {
      const i = Number(event.streamId.slice('member-'.length)) - ROOT_UID;
      if (openRequest.has(i) || rnd() < 0.5) continue;
      openRequest.add(i);
      const id = `00000000-0000-4000-8000-${(++requestSerial).toString(16).padStart(12, '0')}`;
      const [requested] = d.decideRequestHelp(
        { id, uid: uidOf(i), epinType: EPIN_TYPE },
        event.payload.kind === 'activation' ? 'Activate' : 'Upgrade',
        event.position,
      );
      const tier = BigInt(requested.payload.tierPaise);
      const approved = d.decideApproval(
        { id, uid: uidOf(i), status: 'awaiting-approval', tierPaise: tier, givenPaise: 0n, failures: 0 },
        { decision: 'approve', by: 'auto', remark: '' },
      );
      helpRequests.push({ i, id, tier, given: 0n, remaining: tier, open: 0, events: [requested, ...approved.events] });
    }
    if (helpRequests.length)
      await append(
        helpRequests.map((r) => ({ streamId: `help-request-${r.id}`, expectedVersion: 0, events: r.events })),
        `help-${c}`,
      );
    const matches = [];
    let g = 0;
    phQueue.push(...helpRequests);
    for (const r of phQueue)
      while (r.remaining > 0n) {
        while (g < ghQueue.length && (ghQueue[g].remaining === 0n || ghQueue[g].uid === uidOf(r.i))) g++;
        if (g >= ghQueue.length) break;
        const gh = ghQueue[g];
        const amount = r.remaining < gh.remaining ? r.remaining : gh.remaining;
        r.remaining -= amount;
        gh.remaining -= amount;
        r.open++;
        matches.push({ r, gh, amount, id: `HL${(++linkSerial).toString(16).toUpperCase().padStart(12, '0')}` });
      }
    while (ghQueue.length && ghQueue[0].remaining === 0n && ghQueue[0].received === ghQueue[0].amount) ghQueue.shift();
    const party = (uid) => ({
      uid,
      name: `Bench Member ${uid}`,
      mobile: `9${String(Number(uid) - ROOT_UID).padStart(9, '0')}`,
    });
    const LINKS_PER_EVENT = 100;
    const batches = [];
    for (let k = 0; k < matches.length; k += LINKS_PER_EVENT)
      batches.push(
        d.decideCreateLinks(
          matches.slice(k, k + LINKS_PER_EVENT).map((m) => ({
            id: m.id,
            phEntryId: `ph-${m.r.id}`,
            ghEntryId: m.gh.id,
            requestId: m.r.id,
            ghSource: m.gh.source,
            ghSourceId: m.gh.sourceId,
            sender: party(uidOf(m.r.i)),
            receiver: party(m.gh.uid),
            bank: { bankName: '', branch: '', ifsc: '', accountNumber: '', holder: '', gpay: `m${m.gh.uid}@upi` },
            amountPaise: m.amount,
            manual: false,
            now,
            linkDeadlineHours: 24,
          })),
        ),
      );
    if (batches.length) {
      await append([{ streamId: 'help-matching', expectedVersion: matchingVersion, events: batches }], `match-${c}`);
      matchingVersion += batches.length;
      await append(
        matches.map((m) => ({
          streamId: `help-link-${m.id}`,
          expectedVersion: 0,
          events: [
            {
              type: 'HelpLinkPaid',
              payload: { id: m.id, senderUid: uidOf(m.r.i), utr: `${String(++utrSerial).padStart(12, '0')}` },
            },
          ],
        })),
        `paid-${c}`,
      );
      await append(
        matches.map((m) => {
          const received = d.receivedEvent(
            {
              id: m.id,
              senderUid: uidOf(m.r.i),
              receiverUid: m.gh.uid,
              amountPaise: m.amount,
              requestId: m.r.id,
              ghEntryId: m.gh.id,
              ghSource: m.gh.source,
              ghSourceId: m.gh.sourceId,
            },
            { amountPaise: m.gh.amount, receivedPaise: m.gh.received },
          );
          m.gh.received += m.amount;
          m.r.given += m.amount;
          m.r.open--;
          return { streamId: `help-link-${m.id}`, expectedVersion: 1, events: [received] };
        }),
        `received-${c}`,
      );
    }
    const closing = [];
    const touched = new Set(matches.map((m) => m.r));
    phQueue = phQueue.filter((r) => r.remaining > 0n);
    for (const r of touched) {
      const events = d.decideClose(
        { id: r.id, uid: uidOf(r.i), status: 'in-queue', tierPaise: r.tier, givenPaise: r.given, failures: 0 },
        { givenPaise: r.given, phWaitingPaise: r.remaining, openLinks: r.open },
        { phToGhPercent: 100, phToGhDelayHours: 0 },
        now,
      );
      if (events.length === 0) continue; // part of it still waits in the PH queue
      openRequest.delete(r.i);
      for (const e of events) if (e.type === 'GhEntitlementCredited') openGh(e.payload.entry);
      closing.push({ streamId: `help-request-${r.id}`, expectedVersion: 2, events });
    }
    if (closing.length) await append(closing, `close-${c}`);
    yield written;
  }
}

const rate = (n, ms) => Math.round((n * 1000) / ms);
const REPLAY_LANES_NOTE = 'transactions side by side, each taking the next projection';

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
  // as production's live tables are: vacuumed (otherwise autovacuum, woken by millions of inserted
  // rows, would run beside the replay measured next)
  await owner.execute(`vacuum (analyze) ${tables.map((t) => `public.${t}`).join(', ')}`);
}

async function replayOnce(d, owner, runner, options = {}) {
  const phases = {};
  const projections = [];
  const t0 = performance.now();
  const report = await d.replayLedger(owner, runner, {
    ...options,
    onPhase: (phase, ms) => (phases[phase] = ms),
    onRebuild: (name, ms, indexMs, statementMs) => projections.push({ name, ms, indexMs, statementMs }),
    onDiff: (table, index) => {
      if (index === 1) phases.rebuildMs = performance.now() - t0;
    },
  });
  const totalMs = performance.now() - t0;
  phases.rebuildMs ??= totalMs;
  return { report, phases, projections, totalMs, rebuildMs: phases.rebuildMs };
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

/** CREATE DATABASE `to` TEMPLATE `from`, through the server's maintenance database (`from` must have no sessions). */
async function pgCopyDatabase(serverUrl, from, to) {
  const { default: pg } = await import(require.resolve('pg'));
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${to}`);
    await client.query(`create database ${to} template ${from}`);
  } finally {
    await client.end();
  }
}

/** The database of a kept ledger's size (BENCH_REPLAY_DATA): the largest is the benchmark's own, the others copies. */
const sizeUrl = (ownerUrl, size, largest) => {
  if (size === largest) return ownerUrl;
  const u = new URL(ownerUrl);
  u.pathname = `${u.pathname}_at_${size}`;
  return u.toString();
};
const databaseOf = (url) => new URL(url).pathname.slice(1);

/**
 * A kept ledger (BENCH_REPLAY_DATA): `bench.replay_ledger` in the benchmark's database says which
 * ledger it holds; a smaller size's ledger is a copy of the database (CREATE DATABASE … TEMPLATE)
 * taken when the generator reached it.
 */
async function keptLedger(owner, events) {
  await owner.execute(
    `create schema if not exists bench;
     create table if not exists bench.replay_ledger (events int not null, sizes int[] not null, members int not null, credential_key text not null, signing_key text)`,
  );
  const [row] = await owner.query('select events, sizes, members, credential_key from bench.replay_ledger');
  return row && row.events === events ? row : null;
}

export async function run({ ownerUrl, events, sizes, check, verify, log, serverUrl = null, settings = {} }) {
  const d = loadDist();
  const connect = async (url) => {
    // verify at its widest takes 8 connections (decision 0056)
    const ds = d.createDataSource(url, { poolSize: 10, applicationName: 'bench-replay' });
    await ds.initialize();
    return { ds, db: new d.Database(ds) };
  };
  let { ds, db: owner } = await connect(ownerUrl);
  const main = { ds, owner };
  const largest = Math.max(...sizes);
  const kept = serverUrl ? await keptLedger(owner, events) : null;
  if (serverUrl && kept && !sizes.every((s) => kept.sizes.includes(s)))
    throw new Error(
      `BENCH_REPLAY_DATA holds the ledger of ${kept.events} events at sizes ${kept.sizes.join(', ')}; asked for ${sizes.join(', ')}: choose another directory or those sizes`,
    );
  if (serverUrl && !kept) {
    const [{ n }] = await owner.query('select count(*)::int as n from events');
    if (n > 0) throw new Error('BENCH_REPLAY_DATA: the kept database holds another ledger; choose another directory');
  }
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
    const members = kept?.members ?? Math.min(900_000, Math.max(1000, Math.ceil(events / EVENTS_PER_MEMBER)));
    // a kept ledger is replayed as it is: no correctness round (it needs the ledger's first events alone)
    const targets = [...new Set([kept ? 0 : check, ...sizes].filter((s) => s > 0))].sort((a, b) => a - b);
    const credentialKey = kept ? Buffer.from(kept.credential_key, 'hex') : crypto.randomBytes(32);
    // the generator appends through whichever pool is current (a kept ledger's copy reconnects)
    const gen = generate(
      d,
      new Proxy(
        {},
        {
          get:
            (_, name) =>
            (...a) =>
              owner[name](...a),
        },
      ),
      { members, credentialKey },
    );
    const results = [];
    let correctness = null;
    let genMs = 0;
    let written = 0;
    for (const target of targets) {
      const t0 = performance.now();
      while (!kept && written < target) {
        const next = await gen.next();
        if (next.done) break;
        written = next.value;
      }
      genMs += performance.now() - t0;
      if (serverUrl && !kept && target !== largest && sizes.includes(target)) {
        // keep this size's ledger: a copy of the database as it stands (no session may be connected to it)
        await ds.destroy();
        await pgCopyDatabase(serverUrl, databaseOf(ownerUrl), databaseOf(sizeUrl(ownerUrl, target, largest)));
        ({ ds, db: owner } = await connect(ownerUrl));
        main.ds = ds;
        main.owner = owner;
      }
      if (kept && target !== largest) ({ ds, db: owner } = await connect(sizeUrl(ownerUrl, target, largest)));
      else if (kept) ({ ds, owner } = main);
      const [{ n }] = await owner.query('select count(*)::int as n from events');
      log(
        kept
          ? `kept ledger: ${n} events (database ${databaseOf(kept && target !== largest ? sizeUrl(ownerUrl, target, largest) : ownerUrl)}), load ${load()}`
          : `ledger: ${n} events (${(genMs / 1000).toFixed(0)} s of generating so far), load ${load()}`,
      );
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
      // A ledger as production holds it: read by the relay and vacuumed by autovacuum since it was
      // written (hint bits set, visibility map, statistics). Straight after the generator's bulk
      // appends, the first reader would pay for setting every row's hint bits (not measured).
      const vacuumStarted = performance.now();
      await owner.execute('vacuum (analyze) events');
      log(`vacuum (analyze) events: ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s (not measured)`);
      const loadBefore = load();
      const first = await replayOnce(d, owner, runner, { compare: false, settings });
      await adoptReplayed(owner, first.report.schema, tables);
      const second = await replayOnce(d, owner, runner, { settings });
      const plainMs = await plainInsert(owner, n);
      const row = {
        events: n,
        rebuildMs: first.rebuildMs,
        phases: first.phases,
        projections: first.projections,
        perS: rate(n, first.rebuildMs),
        secondPerS: rate(n, second.rebuildMs),
        withDiffMs: second.totalMs,
        differences: second.report.differences,
        // what the rebuild wrote: every read table's rows (the closure and the income levels are several per event)
        rows: second.report.tables.reduce((sum, t) => sum + t.replayedRows, 0),
        rowsOf: Object.fromEntries(
          runner.projections.map((p) => [
            p.name,
            second.report.tables.filter((t) => p.tables.includes(t.table)).reduce((sum, t) => sum + t.replayedRows, 0),
          ]),
        ),
        plainPerS: rate(n, plainMs),
        load: `${loadBefore} → ${load()}`,
      };
      row.ratio = (row.perS / row.plainPerS).toFixed(2);
      row.rowsPerS = rate(row.rows, row.rebuildMs);
      results.push(row);
      log(
        `${n} events: replay ${row.perS} events/s (rebuild ${(row.rebuildMs / 1000).toFixed(1)} s; again ${row.secondPerS}/s, with the diff ${(row.withDiffMs / 1000).toFixed(1)} s, ${row.differences} differences), plain INSERT … SELECT ${row.plainPerS} rows/s, load ${row.load}`,
      );
      if (kept && ds !== main.ds) {
        await ds.destroy();
        ({ ds, owner } = main);
      }
    }
    if (serverUrl && !kept)
      await owner.execute(
        `insert into bench.replay_ledger (events, sizes, members, credential_key) values (${events}, '{${sizes.join(',')}}', ${members}, '${credentialKey.toString('hex')}')`,
      );
    let verified = null;
    if (verify) {
      // a kept ledger's checkpoints are signed with the key of the run that signed them first
      const [stored] = serverUrl ? await owner.query('select signing_key from bench.replay_ledger') : [];
      const privateKey = stored?.signing_key
        ? crypto.createPrivateKey(stored.signing_key)
        : crypto.generateKeyPairSync('ed25519').privateKey;
      if (serverUrl && !stored?.signing_key)
        await owner.query('update bench.replay_ledger set signing_key = $1', [
          privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        ]);
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
      // the checks `npm run ledger -- verify` runs, the credential commitments under the generator's key
      const checks = [
        ...d.LEDGER_CHECKS.map((c) =>
          c.name === 'credential-commitments' ? d.credentialCommitmentsMatch(() => credentialKey) : c,
        ),
        d.ledgerTreeCheck(keys),
      ];
      // the walk alone (chains and checkpoints, one connection, one snapshot), then verify as the CLI runs it
      const cpu0 = process.cpuUsage();
      const t1 = performance.now();
      const walk = await owner.transaction((tx) => d.verifyLedger(tx, [], keys), {
        retry: false,
        isolation: 'REPEATABLE READ',
        readOnly: true,
      });
      const walkMs = performance.now() - t1;
      const walkCpu = process.cpuUsage(cpu0);
      const load0 = load();
      const cpu1 = process.cpuUsage();
      const t2 = performance.now();
      const report = await d.verifyWhole(owner, runner, checks, keys);
      verified = {
        ok: report.ok && walk.ok,
        problems: [...walk.problems, ...report.problems].slice(0, 3),
        checkpoints,
        signMs,
        walkMs,
        checkpointsChecked: walk.checkpointsChecked,
        walkCpuMs: (walkCpu.user + walkCpu.system) / 1000,
        verifyMs: performance.now() - t2,
        verifyCpuMs: ((c) => (c.user + c.system) / 1000)(process.cpuUsage(cpu1)),
        tablesCompared: report.projections?.tablesCompared ?? 0,
        checks: checks.length,
        load: `${load0} → ${load()}`,
      };
      log(
        `verify: ${verified.ok ? 'ok' : 'FAILED'} (${checkpoints} checkpoints signed in ${(signMs / 1000).toFixed(0)} s; the walk ${(walkMs / 1000).toFixed(1)} s, the whole verify ${(verified.verifyMs / 1000).toFixed(1)} s, load ${verified.load})`,
      );
    }
    return { server, members, genMs, results, correctness, verified, kept: kept !== null, settings };
  } finally {
    if (ds !== main.ds) await ds.destroy().catch(() => {});
    await main.ds.destroy();
  }
}

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padStart(widths[i])).join('  ');
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function report(r) {
  const lines = [];
  lines.push(
    r.kept
      ? `kept ledger of ${r.members} members (BENCH_REPLAY_DATA), not generated again`
      : `ledger of ${r.members} members generated in ${(r.genMs / 1000).toFixed(0)} s (not measured)`,
  );
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
        'rows written',
        'written rows/s',
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
        x.rows,
        x.rowsPerS,
        x.load,
      ]),
    ),
  );
  for (const x of r.results)
    if (x.projections?.length)
      lines.push(
        `set-based rebuilds on ${x.events} events (${REPLAY_LANES_NOTE}; each projection's statements, then its unique indexes):\n` +
          table(
            ['projection', 'statements s', 'indexes s', 'rows', 'each statement s (its rebuild list in order)'],
            [...x.projections]
              .sort((a, b) => b.ms + b.indexMs - (a.ms + a.indexMs))
              .map((p) => [
                p.name,
                (p.ms / 1000).toFixed(1),
                (p.indexMs / 1000).toFixed(1),
                x.rowsOf[p.name] ?? '',
                (p.statementMs ?? []).map((ms) => (ms / 1000).toFixed(1)).join(' + '),
              ]),
          ),
      );
  if (r.verified)
    lines.push(
      `verify of the whole ledger: ${r.verified.ok ? 'ok' : `FAILED ${JSON.stringify(r.verified.problems)}`}; ` +
        `the walk alone (chains, ${r.verified.checkpointsChecked} checkpoints) ${(r.verified.walkMs / 1000).toFixed(1)} s (${(r.verified.walkCpuMs / 1000).toFixed(1)} s of this process's CPU); ` +
        `the whole verify as \`npm run ledger -- verify\` runs it (${r.verified.tablesCompared} read tables rebuilt and compared, the walk, ${r.verified.checks} checks, one snapshot) ` +
        `${(r.verified.verifyMs / 1000).toFixed(1)} s (${(r.verified.verifyCpuMs / 1000).toFixed(1)} s of this process's CPU), load ${r.verified.load}`,
    );
  if (Object.keys(r.settings ?? {}).length)
    lines.push(`lanes' settings over replay's own (BENCH_REPLAY_SETTINGS): ${JSON.stringify(r.settings)}`);
  const last = r.results[r.results.length - 1];
  const verdict = last && last.perS >= TARGET_EVENTS_PER_S && last.differences === 0 ? 'PASS' : 'BELOW TARGET';
  lines.push(`target: replay ≥ ${TARGET_EVENTS_PER_S} events/s on the largest ledger with 0 differences: ${verdict}`);
  return { text: lines.join('\n'), verdict };
}
