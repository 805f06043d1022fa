// The HA drill (`npm run ha -- drill`, `npm test`'s `ha` level): a bounded mixed write load through
// HAProxy — registrations, top-ups (e-pin activations), e-pin requests with UTRs, withdrawals, and
// help links: a PH member's link to a GH member (the activator, whose approved withdrawals wait in
// the GH queue), the payer submitting a UTR, the receiver confirming — on the member and admin HTTP
// API, while the PostgreSQL primary, the Redis primary, one API and one worker are SIGKILLed in turn.
// Every acknowledged write is looked up in the ledger (the events table on the current primary)
// afterwards: `lost` counts those not found. Decisions 0038 and 0039 say what each number means.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { ROOT, c, log, sleep, run, waitForHttp } from './util.mjs';
import { primaryNode, killPgNode, syncStandby, redisMaster, waitFor, pgSelect, clusterState } from './ha-cluster.mjs';

const DRILL_SECONDS = Number(process.env.HA_DRILL_SECONDS || 420); // a safety bound: the load stops when the last fault is done
const MAX_WRITES = Number(process.env.HA_DRILL_MAX_WRITES || 8000); // a quarter are top-ups: 2,000 e-pins
const CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 15000;
const QUIET_WINDOW_MS = 4000; // a fault's window closes after this long without a failed write
const FAULT_DEADLINE_MS = { 'postgres-primary': 60000, 'redis-primary': 40000, api: 30000, worker: 30000 };
/** PH members, each with an approved ₹10,000 help request: room for 100 links of ₹100 each. */
const PH_MEMBERS = Number(process.env.HA_DRILL_PH_MEMBERS || 8);
/** How often the help plumbing (approving the GH side's withdrawals, matching, finding new links) runs. */
const HELP_REFILL_MS = 1000;
const MEMBER_PASSWORD = 'Member@123';
const ADMIN_PASSWORD = 'Admin@123';

/** One HTTP call through HAProxy (POST with `body`, GET when `body` is undefined): { status, body, ms } or { status: 0, error }. */
async function call(base, route, body, token) {
  const started = Date.now();
  try {
    const res = await fetch(`${base}${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let json;
    try { json = JSON.parse(text); } catch { json = text; }
    return { status: res.status, body: json, started, ended: Date.now() };
  } catch (e) {
    return { status: 0, error: e.cause?.code || e.name || e.message, started, ended: Date.now() };
  }
}

const digits = (n) => Array.from({ length: n }, () => crypto.randomInt(10)).join('');

export async function runDrill(stack) {
  const base = stack.httpBase;
  const t0 = Date.now();
  const sql = (text, values) => pgSelect(stack.writeUrl('sahyog'), text, values);

  // ---------------------------------------------------------------- set-up
  const login = async (uid) => {
    const r = await call(base, '/api/login', { uid, password: MEMBER_PASSWORD });
    if (!r.body?.token) throw new Error(`drill set-up: member ${uid} could not log in: ${JSON.stringify(r.body)}`);
    return r.body.token;
  };
  const activator = { uid: '100001', token: await login('100001') };
  const requester = { uid: '100002', token: await login('100002') };
  const adminToken = async (username) => {
    const r = await call(base, '/admin-api/auth/login', { username, password: ADMIN_PASSWORD });
    if (!r.body?.token) throw new Error(`drill set-up: the admin ${username} could not log in: ${JSON.stringify(r.body)}`);
    return r.body.token;
  };
  const [maker, checker] = [await adminToken('approver'), await adminToken('superadmin')];
  const adminPost = (path, token, body = {}) =>
    fetch(`${base}/admin-api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: await res.json().catch(() => null) }));
  // E-pins: 500 per issue (the admin call's limit); issuing without a payment is a four-eyes action
  // (decision 0034): the approver asks, the superadmin approves.
  const issue = async (owner, type, quantity) => {
    const asked = await adminPost('/epins/issue', maker, { owner, type, quantity });
    const issued = asked.status === 202 ? await adminPost(`/four-eyes/${asked.body?.id}/approve`, checker) : asked;
    const numbers = issued.body?.result?.numbers ?? issued.body?.numbers;
    if (!Array.isArray(numbers) || numbers.length === 0)
      throw new Error(`drill set-up: issuing e-pins failed (${asked.status}, ${issued.status}: ${JSON.stringify(issued.body)})`);
    return numbers;
  };
  // The top-ups' e-pins, enough for a quarter of the writes: ₹1,000 packages, so each top-up earns the
  // activator ₹100 of level-1 income — one ₹100 withdrawal, one GH entry for a help link.
  const epins = [];
  for (let batch = 0; batch < 4; batch++) epins.push(...(await issue(activator.uid, 'EpintypeA', 500)));
  const [bank] = await sql("select id from payment_options where type = 'Bank' order by 1 limit 1");
  if (!bank) throw new Error('drill set-up: the seed made no bank payment option');
  // The PH side of the help links: members who asked for help (₹10,000, EpintypeA) and were approved.
  const phMembers = [];
  for (let i = 0; i < PH_MEMBERS; i++) {
    const n = digits(8);
    const reg = await call(base, '/api/registrationWeb', {
      sid: activator.uid, name: 'Drill Helper', email: `drill.ph.${n}@ha.sahyog.local`, password: MEMBER_PASSWORD,
      mobile: `9${digits(9)}`, countryid: '101', city: 'Nashik', state: 'Maharashtra', upinumber: `p${n.slice(0, 6)}@upi`,
    });
    const uid = reg.body?.uid_output;
    if (!uid) throw new Error(`drill set-up: a PH member could not register: ${JSON.stringify(reg.body)}`);
    await issue(uid, 'EpintypeA', 1);
    const token = await login(uid);
    const asked = await call(base, '/api/GHRequesttoAdmin', { sid: uid, referby: uid, epin: 'EpintypeA', type: 'Activate' }, token);
    if (asked.body?.result !== 'Successfull') throw new Error(`drill set-up: ${uid}'s help request failed: ${JSON.stringify(asked.body)}`);
    const list = await call(base, `/admin-api/help-requests?filter=${encodeURIComponent(JSON.stringify({ member: uid, status: 'awaiting-approval' }))}`, undefined, maker);
    const id = Array.isArray(list.body) ? list.body[0]?.id : undefined;
    const approved = id && (await adminPost(`/help-requests/${id}/approve`, maker));
    if (!approved || approved.status !== 200) throw new Error(`drill set-up: approving ${uid}'s help request failed: ${JSON.stringify(approved?.body ?? list.body)}`);
    phMembers.push({ uid, token });
  }
  log('drill', `set-up: ${epins.length} e-pins for ${activator.uid}; payment option ${bank.id}; ${phMembers.length} PH members with ₹10,000 help requests`);

  // ---------------------------------------------------------------- the load
  const acks = []; // { kind, key, at, fault }
  const outcomes = []; // { started, ended, ok, status }
  const inactive = []; // registered members waiting for a top-up
  let stop = false;
  let writes = 0;
  let currentFault = 'warm-up';
  const kinds = ['register', 'topup', 'utr', 'withdraw', 'help'];
  // Help links between a drill PH member (sender) and the activator (receiver), by what they wait for.
  const help = { toPay: [], toConfirm: [], known: new Set() };
  const phByUid = new Map(phMembers.map((m) => [m.uid, m]));

  const record = (kind, key, r, ok, extra = {}) => {
    // a failed write: no answer, a 5xx (503 included), or a 401 for a token that is valid (a fault
    // answered as "log in again"); a refusal in a 200 is an answer, not a failure
    const failed = r.status === 0 || r.status >= 500 || r.status === 401;
    outcomes.push({ started: r.started, ended: r.ended, ok, failed, status: r.status, kind, error: r.error, body: ok ? undefined : r.body });
    if (ok) acks.push({ kind, key, at: r.ended, fault: currentFault, ...extra });
    return failed;
  };
  const one = async (kind) => {
    if (kind === 'register') {
      const n = digits(8);
      const r = await call(base, '/api/registrationWeb', {
        sid: activator.uid, name: 'Drill Member', email: `drill.${n}@ha.sahyog.local`, password: MEMBER_PASSWORD,
        mobile: `9${digits(9)}`, countryid: '101', city: 'Nashik', state: 'Maharashtra', upinumber: `d${n.slice(0, 6)}@upi`,
      });
      const uid = r.status === 200 && r.body?.uid_output;
      if (uid) inactive.push(uid);
      return record(kind, uid, r, Boolean(uid));
    }
    if (kind === 'topup') {
      const member = inactive.shift();
      const epin = epins.shift();
      if (!member || !epin) return false;
      const r = await call(base, '/api/ActivateId', { touid: member, epin }, activator.token);
      const ok = r.status === 200 && /Successfull/.test(r.body?.result || '');
      if (!ok && r.status !== 200) {
        // not known whether it happened: never reuse that e-pin; the member may still be inactive
        inactive.push(member);
      } else if (!ok) epins.push(epin);
      return record(kind, epin, r, ok);
    }
    if (kind === 'utr') {
      const utr = `HA${digits(12)}`;
      const r = await call(base, '/api/FundRequestBank', { utrno: utr, bankid: String(bank.id), qty: 1, epintype: 'EpintypeB' }, requester.token);
      return record(kind, utr, r, r.status === 200 && r.body === 'success');
    }
    if (kind === 'help') {
      // The receiver confirms a paid link, or else a sender pays (submits the UTR of) a pending one.
      const paid = help.toConfirm.shift();
      if (paid) {
        const r = await call(base, '/api/UpdateGhUser', { rowid: paid.id, status: 1 }, activator.token);
        const ok = r.status === 200 && r.body === 'Payment Received Successfully.';
        if (!ok && (r.status === 0 || r.status >= 500 || r.status === 401)) help.toConfirm.push(paid); // not known: again
        // 'This help link is already closed': a confirmation whose answer was lost had landed
        return record('help-confirm', paid.id, r, ok);
      }
      const link = help.toPay.shift();
      if (!link) return false;
      link.utr ??= `HL${digits(12)}`; // the same UTR again after an unanswered try
      const r = await call(base, '/api/UpdatePhUser', { rowid: link.id, utrno: link.utr }, phByUid.get(link.sender).token);
      const ok = r.status === 200 && r.body === 'Payment Paid Successfully.';
      if (ok || (r.status === 200 && r.body === 'This help link is no longer pending')) help.toConfirm.push(link);
      else if (r.status === 0 || r.status >= 500 || r.status === 401) help.toPay.push(link);
      return record('help-utr', link.id, r, ok, { utr: link.utr });
    }
    // a withdrawal of ₹100 by the activator, who earns level income on every top-up it makes
    const r = await call(base, '/api/Withdrawal', { Request_amount: '100' }, activator.token);
    const done = r.status === 200 && r.body?.code === 'WALLET.DONE';
    const refused = r.status === 200 && !done; // not enough income yet: a correct answer, no write
    return refused ? false : record(kind, activator.uid, r, done);
  };
  // The help plumbing, beside the load (its calls are not counted: they make the links the load pays
  // and confirms): the activator's requested withdrawals approved into the GH queue, a matching run,
  // and each PH member's new pending links to the activator. A failed round is simply tried again.
  const listOf = async (route, filter) => {
    const r = await call(base, `/admin-api/${route}?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,199]')}`, undefined, maker);
    return Array.isArray(r.body) ? r.body : [];
  };
  const refill = async () => {
    let approved = 0;
    for (const w of await listOf('withdrawals', { member: activator.uid, status: 'Requested' }))
      if ((await adminPost(`/withdrawals/${w.id}/approve`, maker)).status === 200) approved++;
    if (approved > 0) await adminPost('/matching/run', maker);
    for (const m of phMembers) {
      const r = await call(base, '/api/PhList', {}, m.token);
      const rows = Array.isArray(r.body?.[0]) ? r.body[0] : [];
      for (const row of rows) {
        if (!row?.id || help.known.has(row.id) || row.uid !== activator.uid || row.paidst !== 'Pending') continue;
        help.known.add(row.id);
        help.toPay.push({ id: row.id, sender: m.uid });
      }
    }
  };
  const refiller = (async () => {
    while (!stop && Date.now() - t0 < DRILL_SECONDS * 1000) {
      await refill().catch(() => undefined);
      await sleep(HELP_REFILL_MS);
    }
  })();
  const loops = Array.from({ length: CONCURRENCY }, async (_, i) => {
    let k = i;
    while (!stop && writes < MAX_WRITES && Date.now() - t0 < DRILL_SECONDS * 1000) {
      writes += 1;
      // a client that got no answer or a 5xx waits a little before the next write, as the web apps do
      if (await one(kinds[k++ % kinds.length])) await sleep(200);
    }
  });

  // ---------------------------------------------------------------- the faults
  const lines = [];
  const faults = [
    {
      name: 'postgres-primary',
      kill: async () => {
        const node = await primaryNode(stack);
        if (!node) throw new Error('no PostgreSQL primary to kill');
        await killPgNode(node);
        return node;
      },
      restore: async (node) => {
        stack.startNode(node); // rejoins as a replica (pg_rewind), becomes the synchronous standby again
        await waitFor(async () => (await syncStandby(stack)) === node.name, 120000, `${node.name} to rejoin as the synchronous standby`);
      },
    },
    {
      name: 'redis-primary',
      kill: async () => {
        const master = await redisMaster(stack);
        const node = stack.redis.find((r) => r.port === master?.port);
        if (!node) throw new Error('no Redis master to kill');
        process.kill(node.proc.pid, 'SIGKILL');
        await node.proc.exited;
        return node;
      },
      restore: async (node) => {
        await waitFor(async () => (await redisMaster(stack))?.port !== node.port, 60000, 'the Sentinels to promote the replica');
        stack.startRedisNode(node); // Sentinel turns it into a replica of the new master
      },
    },
    {
      name: 'api',
      kill: async () => {
        const app = stack.apps.find((a) => a.role === 'api' && a.proc.alive());
        process.kill(-app.proc.pid, 'SIGKILL');
        await app.proc.exited;
        return app;
      },
      restore: async (app) => {
        app.start();
        await waitForHttp(`http://127.0.0.1:${app.port}/api/health`, { timeoutMs: 120_000, isAlive: app.proc.alive });
      },
    },
    {
      name: 'worker',
      kill: async () => {
        const app = stack.apps.find((a) => a.role === 'worker' && a.proc.alive());
        process.kill(-app.proc.pid, 'SIGKILL');
        await app.proc.exited;
        return app;
      },
      restore: async (app) => {
        app.start();
      },
    },
  ];

  /**
   * An API or worker that exited although the drill did not kill it: named with its exit and its
   * log's last lines (what a crash left), and started again so the drill goes on. HAProxy hides such
   * an exit from the load, so only this line shows it.
   */
  const unexpectedExits = [];
  const checkApps = async (during, victim) => {
    for (const app of stack.apps) {
      if (app === victim || app.proc.alive()) continue;
      const { code, signal } = app.proc.exitInfo ?? {};
      const logFile = stack.logDir ? path.join(stack.logDir, `${app.name}.log`) : null;
      const tail = logFile && fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n') : '(no log file)';
      const line = `${app.name} exited by itself during ${during} (code ${code ?? '-'}, signal ${signal ?? '-'})`;
      unexpectedExits.push(line);
      console.log(c.yellow(`${line}; started again. Its log's last lines:\n${tail}`));
      app.start();
      if (app.role === 'api') await waitForHttp(`http://127.0.0.1:${app.port}/api/health`, { timeoutMs: 120_000, isAlive: app.proc.alive });
    }
  };

  let allLost = 0;
  try {
    await sleep(4000); // warm-up: the load runs before the first fault
    for (const fault of faults) {
      currentFault = fault.name;
      const phaseStart = Date.now();
      await sleep(2000);
      const killedAt = Date.now();
      const victim = await fault.kill();
      log('drill', `${fault.name}: SIGKILL sent (${victim.name})`);
      // the window: until QUIET_WINDOW_MS pass without a failed write (or the deadline)
      const deadline = killedAt + FAULT_DEADLINE_MS[fault.name];
      let resumedAt = null;
      for (;;) {
        await sleep(250);
        const after = outcomes.filter((o) => o.started >= killedAt);
        const lastFailure = after.filter((o) => o.failed).reduce((t, o) => Math.max(t, o.ended), 0);
        const firstOk = after.filter((o) => o.ok && o.started >= lastFailure).reduce((t, o) => Math.min(t, o.ended), Infinity);
        if (firstOk !== Infinity && Date.now() - Math.max(lastFailure, firstOk) >= QUIET_WINDOW_MS) {
          resumedAt = firstOk;
          break;
        }
        if (Date.now() > deadline) break;
      }
      await fault.restore(victim);
      await checkApps(fault.name, victim);
      const phase = outcomes.filter((o) => o.started >= phaseStart);
      const acked = acks.filter((a) => a.fault === fault.name);
      const lost = await lostOf(sql, acked, acks);
      allLost += lost.length;
      const fivexx = phase.filter((o) => o.status >= 500 && o.status !== 503).length;
      const unavailable = phase.filter((o) => o.status === 503).length;
      const dropped = phase.filter((o) => o.status === 0).length;
      const unauthorized = phase.filter((o) => o.status === 401).length;
      const refused = phase.filter((o) => !o.ok && !o.failed);
      const other = phase.filter((o) => o.status >= 500 && o.status !== 503).map((o) => `${o.kind} ${o.status} ${JSON.stringify(o.body).slice(0, 120)}`);
      const resumed = resumedAt === null ? `never (within ${FAULT_DEADLINE_MS[fault.name] / 1000} s)` : ((resumedAt - killedAt) / 1000).toFixed(1);
      const line = `fault ${fault.name}: acknowledged ${acked.length}, lost ${lost.length}, 5xx ${fivexx}, writes resumed after ${resumed} s`;
      lines.push(line);
      console.log(line);
      const byKind = Object.entries(acked.reduce((n, a) => ({ ...n, [a.kind]: (n[a.kind] ?? 0) + 1 }), {})).map(([k, n]) => `${k} ${n}`).join(', ');
      console.log(c.dim(`  (${fault.name}: acknowledged ${byKind || 'none'}; 503 ${unavailable}, no answer ${dropped}, 401 ${unauthorized}, refused ${refused.length}${refused.length ? ` (${[...new Set(refused.map((o) => `${o.kind}: ${JSON.stringify(o.body).slice(0, 80)}`))].slice(0, 3).join(' | ')})` : ''}${other.length ? `; 5xx: ${[...new Set(other)].slice(0, 3).join(' | ')}` : ''}${lost.length ? `, lost ${lost.slice(0, 5).map((a) => `${a.kind} ${a.key}`).join(', ')}` : ''})`));
      if (Date.now() - t0 > DRILL_SECONDS * 1000) log('drill', c.yellow('the drill ran out of its time bound'));
    }
  } finally {
    stop = true;
    await Promise.all([...loops, refiller]);
  }

  console.log(`unexpected exits: ${unexpectedExits.length ? unexpectedExits.join('; ') : 'none'}`);

  // ---------------------------------------------------------------- the ledger afterwards
  const final = await lostOf(sql, acks);
  const primary = await primaryNode(stack);
  log('drill', `${acks.length} writes acknowledged in all, ${final.length} not in the ledger; final primary ${primary?.name} (${JSON.stringify((await clusterState(stack))?.members?.map((m) => [m.name, m.role]))})`);
  // the workers finish what the load left them (level income, checkpoints) before the checks
  await sleep(3000);
  const env = { ...stack.appEnv, DATABASE_URL: stack.nodeUrl(primary, 'sahyog') };
  const cli = path.join(ROOT, 'dist', 'cli', 'ledger.js');
  const verify = await run(process.execPath, [cli, 'verify'], { env, quiet: true, timeoutMs: 5 * 60_000 });
  const replay = await run(process.execPath, [cli, 'replay'], { env, quiet: true, timeoutMs: 5 * 60_000 });
  const differences = /(\d+) differences?/.exec(replay.output)?.[1];
  if (verify.code === 0 && replay.code === 0) console.log('ledger verify ok, replay 0 differences');
  else {
    console.log(`ledger verify ${verify.code === 0 ? 'ok' : 'FAILED'}, replay ${replay.code === 0 ? '0 differences' : `${differences ?? '?'} differences (FAILED)`}`);
    if (verify.code !== 0) console.log(verify.output.slice(-3000));
    if (replay.code !== 0) console.log(replay.output.slice(-3000));
  }
  return allLost === 0 && final.length === 0 && verify.code === 0 && replay.code === 0 && lines.length === faults.length;
}

/** The acknowledged writes the ledger does not hold. */
async function lostOf(sql, acked, everyAck = acked) {
  const by = (kind) => acked.filter((a) => a.kind === kind);
  const lost = [];
  const members = by('register').map((a) => a.key);
  if (members.length) {
    const rows = await sql("select payload->>'uid' as uid from events where type = 'MemberRegistered' and payload->>'uid' = any($1)", [members]);
    const found = new Set(rows.map((r) => r.uid));
    lost.push(...by('register').filter((a) => !found.has(a.key)));
  }
  const pins = by('topup').map((a) => a.key);
  if (pins.length) {
    const rows = await sql("select substr(stream_id, 6) as pin from events where type = 'EpinUsed' and stream_id = any($1)", [pins.map((p) => `epin-${p}`)]);
    const found = new Set(rows.map((r) => r.pin));
    lost.push(...by('topup').filter((a) => !found.has(a.key)));
  }
  const utrs = by('utr').map((a) => a.key);
  if (utrs.length) {
    const rows = await sql("select upper(payload->>'utrno') as utr from events where type = 'EpinRequestSubmitted' and upper(payload->>'utrno') = any($1)", [utrs]);
    const found = new Set(rows.map((r) => r.utr));
    lost.push(...by('utr').filter((a) => !found.has(a.key)));
  }
  // A help link's UTR: its HelpLinkPaid event carries it; a confirmation: its HelpLinkReceived event.
  for (const [kind, type, sameUtr] of [['help-utr', 'HelpLinkPaid', true], ['help-confirm', 'HelpLinkReceived', false]]) {
    const acked = by(kind);
    if (!acked.length) continue;
    const rows = await sql(
      'select substr(stream_id, 11) as id, upper(payload->>\'utr\') as utr from events where type = $1 and stream_id = any($2)',
      [type, acked.map((a) => `help-link-${a.key}`)],
    );
    const found = new Map(rows.map((r) => [r.id, r.utr]));
    lost.push(...acked.filter((a) => !found.has(a.key) || (sameUtr && found.get(a.key) !== a.utr?.toUpperCase())));
  }
  const withdrawals = by('withdraw');
  if (withdrawals.length) {
    // A withdrawal's answer names no id: the member's requests in the ledger are counted against
    // every withdrawal acknowledged to it so far (the drill's member makes no others).
    const [{ n }] = await sql("select count(*)::int as n from events where type = 'WithdrawalRequested' and payload->>'uid' = $1", [withdrawals[0].key]);
    const ackedSoFar = everyAck.filter((a) => a.kind === 'withdraw' && a.at <= withdrawals[withdrawals.length - 1].at).length;
    const missing = Math.max(0, ackedSoFar - n);
    lost.push(...withdrawals.slice(withdrawals.length - Math.min(missing, withdrawals.length)));
  }
  return lost;
}

/** `n` member registrations through HAProxy, each acknowledged (the restore drill's writes). */
export async function registrations(stack, n) {
  for (let i = 0; i < n; i++) {
    const d = digits(8);
    const r = await call(stack.httpBase, '/api/registrationWeb', {
      sid: '100001', name: 'Restore Drill', email: `restore.${d}@ha.sahyog.local`, password: MEMBER_PASSWORD,
      mobile: `9${digits(9)}`, countryid: '101', city: 'Nashik', state: 'Maharashtra', upinumber: `r${d.slice(0, 6)}@upi`,
    });
    if (!(r.status === 200 && r.body?.uid_output)) throw new Error(`restore drill: a registration failed: ${r.status} ${JSON.stringify(r.body)}`);
  }
}
