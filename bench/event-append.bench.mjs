// Event append throughput and latency against a plain INSERT, on the same server, in the same run.
//
// Plain ESM so `npm run bench` needs no ts-node: the ledger code comes from the compiled `dist/`.
// Every transaction goes through the real `Database.transaction` (START TRANSACTION, SET
// TRANSACTION ISOLATION LEVEL READ COMMITTED, work, COMMIT; pooled TypeORM query runner), so
// the two workloads differ only in the work inside the transaction:
//
//   append  `appendToStream` of one event to the worker's own stream at its known version:
//           SELECT of the stream head's hash (from version 1 on), canonical JSON + sha256,
//           INSERT ... RETURNING into `events` (primary key, unique (stream_id, stream_version),
//           two more indexes, check constraints, the append-only trigger is on UPDATE/DELETE only).
//   plain   INSERT of the same payload into `bench_plain (id bigserial, payload jsonb)`:
//           no constraints, no indexes.
//   hot     (optional) the append path when all workers share 8 streams: read the stream's
//           version, append, and let `Database.transaction` re-run on a version conflict.
import { createRequire } from 'node:module';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'package.json'));

export const TARGET_RATIO = 0.33;
export const TARGET_CONCURRENCY = 8;
const HOT_STREAMS = 8;

function loadDist() {
  require('reflect-metadata');
  const dist = (p) => require(path.join(ROOT, 'dist', p));
  const { createDataSource, Database } = dist('platform/db/database.js');
  const { appendToStream, streamVersion } = dist('platform/event-store/event-store.js');
  const { ConcurrencyError } = dist('platform/errors.js');
  return { createDataSource, Database, appendToStream, streamVersion, ConcurrencyError };
}

/** A realistic event: ~300 bytes of payload, plus request metadata. */
function makeEvent(memberId, seq) {
  return {
    type: 'help.request_posted',
    payload: {
      requestId: crypto.randomUUID(),
      memberId,
      category: 'medical.transport',
      title: 'Ride to the district hospital on Thursday',
      details: 'Wheelchair user and one companion, back by 2 pm.',
      district: 'Pune',
      pinCode: '411001',
      amountPaise: '150000',
      urgency: 'high',
      seq,
    },
  };
}

function makeMetadata(memberId) {
  return {
    actor: { kind: 'member', id: memberId },
    correlationId: crypto.randomUUID(),
    requestId: crypto.randomUUID(),
    clientIp: '203.0.113.17',
  };
}

export function payloadBytes() {
  const m = crypto.randomUUID();
  return {
    payload: Buffer.byteLength(JSON.stringify(makeEvent(m, 1).payload)),
    metadata: Buffer.byteLength(JSON.stringify(makeMetadata(m))),
  };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/**
 * Runs `concurrency` workers, each calling `once(worker, seq, measuring)` in a loop: a warm-up,
 * then a measured window. Keeps the latency of every transaction that completes inside the
 * window: the wall time of one `once` call (pool checkout, BEGIN, work, COMMIT, release).
 */
async function drive({ concurrency, warmupMs, durationMs, once, maxFailures = 100 }) {
  const measureFrom = performance.now() + warmupMs;
  const measureTo = measureFrom + durationMs;
  const latencies = [];
  let failures = 0;
  let failedInWindow = 0;
  let firstError;
  const worker = async (w) => {
    for (let seq = 0; performance.now() < measureTo; seq++) {
      const start = performance.now();
      try {
        await once(w, seq, start >= measureFrom);
      } catch (error) {
        failures++;
        const at = performance.now();
        if (at >= measureFrom && at <= measureTo) failedInWindow++;
        firstError ??= error;
        if (failures > maxFailures) throw error;
        continue;
      }
      const end = performance.now();
      if (end >= measureFrom && end <= measureTo) latencies.push(end - start);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  return { latencies, durationMs, failures, failedInWindow, firstError };
}

/** Merges the slices of one workload: throughput over the summed windows, percentiles over all. */
function summarise(slices) {
  const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const seconds = slices.reduce((sum, s) => sum + s.durationMs, 0) / 1000;
  return {
    count: latencies.length,
    tps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures: slices.reduce((sum, s) => sum + s.failures, 0),
    failedInWindow: slices.reduce((sum, s) => sum + s.failedInWindow, 0),
    firstError: slices.find((s) => s.firstError)?.firstError,
  };
}

/**
 * @param {object} o
 * @param {string} o.ownerUrl   connection that can create the baseline table
 * @param {string} o.appUrl     connection the workloads use (the application role, or the owner)
 * @param {number[]} [o.concurrencies]
 * @param {number} [o.warmupMs]   warm-up before each workload's first slice (later slices: half)
 * @param {number} [o.durationMs] measured time per workload and concurrency, split over the slices
 * @param {number} [o.slices]     plain and append alternate A B B A ... so a drift in the
 *                                machine's load hits both alike (default 2)
 * @param {boolean} [o.hot]     also run the 8-shared-streams variant at concurrency > 1
 * @param {(msg: string) => void} [o.log]
 */
export async function run({
  ownerUrl,
  appUrl,
  concurrencies = [1, 8, 32],
  warmupMs = 1000,
  durationMs = 5000,
  slices = 2,
  hot = true,
  log = () => {},
}) {
  const { createDataSource, Database, appendToStream, streamVersion, ConcurrencyError } = loadDist();
  const poolSize = Math.max(...concurrencies);

  const owner = createDataSource(ownerUrl, { poolSize: 1, applicationName: 'sahyog-bench-setup' });
  await owner.initialize();
  try {
    await owner.query('drop table if exists bench_plain');
    await owner.query('create table bench_plain (id bigserial, payload jsonb)');
    if (ownerUrl !== appUrl) {
      await owner.query('grant select, insert on bench_plain to sahyog_app');
      await owner.query('grant usage, select on sequence bench_plain_id_seq to sahyog_app');
    }
  } finally {
    await owner.destroy();
  }

  const dataSource = createDataSource(appUrl, { poolSize, applicationName: 'sahyog-bench' });
  await dataSource.initialize();
  const db = new Database(dataSource);
  const runId = crypto.randomBytes(4).toString('hex');
  const server = {};
  try {
    // open every pooled connection before measuring anything
    await Promise.all(
      Array.from({ length: poolSize }, () => db.transaction(async (tx) => tx.query('select pg_sleep(0.05)'))),
    );
    for (const [k, q] of [
      ['version', 'show server_version'],
      ['fsync', 'show fsync'],
      ['synchronous_commit', 'show synchronous_commit'],
      ['shared_buffers', 'show shared_buffers'],
    ])
      server[k] = Object.values((await db.query(q))[0])[0];
    server.eventIndexes = Number(
      (await db.query(`select count(*)::int as n from pg_indexes where tablename = 'events'`))[0].n,
    );

    const results = [];
    const sliceMs = Math.max(1, Math.round(durationMs / slices));
    for (const concurrency of concurrencies) {
      const memberId = (w) => `m-${runId}-${concurrency}-${w}`;
      const workloads = {
        // plain INSERT: same transaction wrapper, same payload, no ledger work
        plain: (w, seq) => {
          const event = makeEvent(memberId(w), seq);
          return db.transaction((tx) =>
            tx.execute('insert into bench_plain (payload) values ($1::jsonb)', [JSON.stringify(event.payload)]),
          );
        },
        // event append: each worker is one member appending to its own stream at its known version
        append: (() => {
          const versions = new Array(concurrency).fill(0);
          return async (w) => {
            const expected = versions[w];
            const event = makeEvent(memberId(w), expected + 1);
            await db.transaction((tx) =>
              appendToStream(tx, `member-${memberId(w)}`, expected, [event], makeMetadata(memberId(w))),
            );
            versions[w] = expected + 1;
          };
        })(),
      };
      const done = { plain: [], append: [] };
      for (let i = 0; i < slices; i++) {
        const order = i % 2 === 0 ? ['plain', 'append'] : ['append', 'plain'];
        for (const name of order) {
          log(
            `concurrency ${concurrency}: ${name === 'plain' ? 'plain insert' : 'event append (own stream per worker)'}, slice ${i + 1}/${slices}`,
          );
          const slice = await drive({
            concurrency,
            warmupMs: i === 0 ? warmupMs : Math.round(warmupMs / 2),
            durationMs: sliceMs,
            once: workloads[name],
          });
          if (slice.failures)
            throw new Error(`${name} failed ${slice.failures} times: ${slice.firstError?.stack ?? slice.firstError}`);
          done[name].push(slice);
        }
      }
      const plain = summarise(done.plain);
      const append = summarise(done.append);

      // hot streams: every worker appends to one of 8 shared streams, re-running on conflicts
      let hotResult = null;
      if (hot && concurrency > 1) {
        log(`concurrency ${concurrency}: event append (${HOT_STREAMS} shared streams)`);
        let attempts = 0;
        let conflicts = 0;
        const slice = await drive({
          concurrency,
          warmupMs,
          durationMs: sliceMs * slices,
          maxFailures: Infinity,
          once: async (w, seq, measuring) => {
            const streamId = `hot-${runId}-${concurrency}-${crypto.randomInt(HOT_STREAMS)}`;
            const event = makeEvent(memberId(w), seq);
            const metadata = makeMetadata(memberId(w));
            await db.transaction(async (tx) => {
              if (measuring) attempts++;
              const v = await streamVersion(tx, streamId);
              try {
                return await appendToStream(tx, streamId, v, [event], metadata);
              } catch (error) {
                if (measuring && error instanceof ConcurrencyError) conflicts++;
                throw error;
              }
            });
          },
        });
        if (slice.failures && !(slice.firstError instanceof ConcurrencyError)) {
          throw new Error(`hot-stream append failed: ${slice.firstError?.stack ?? slice.firstError}`);
        }
        hotResult = { ...summarise([slice]), attempts, conflicts };
      }

      results.push({ concurrency, append, plain, ratio: append.tps / plain.tps, hot: hotResult });
    }
    return { server, results, poolSize };
  } finally {
    await dataSource.destroy();
  }
}

// ---- formatting

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padStart(widths[i])).join(' | ')} |`;
  return [line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export function report({ server, results }) {
  const out = [];
  out.push(
    table(
      ['concurrency', 'append tx/s', 'p50 ms', 'p99 ms', 'plain tx/s', 'p50 ms', 'p99 ms', 'ratio'],
      results.map((r) => [
        String(r.concurrency),
        fmt(r.append.tps),
        fmt(r.append.p50, 2),
        fmt(r.append.p99, 2),
        fmt(r.plain.tps),
        fmt(r.plain.p50, 2),
        fmt(r.plain.p99, 2),
        fmt(r.ratio, 2),
      ]),
    ),
  );
  const hot = results.filter((r) => r.hot);
  if (hot.length) {
    out.push('');
    out.push(
      `hot streams: all workers append to ${HOT_STREAMS} shared streams (read version, append, re-run on conflict)`,
    );
    out.push(
      table(
        ['concurrency', 'append tx/s', 'p50 ms', 'p99 ms', 'conflicts', 'attempts', 'failed', 'vs plain'],
        hot.map((r) => [
          String(r.concurrency),
          fmt(r.hot.tps),
          fmt(r.hot.p50, 2),
          fmt(r.hot.p99, 2),
          String(r.hot.conflicts),
          String(r.hot.attempts),
          String(r.hot.failedInWindow),
          fmt(r.hot.tps / r.plain.tps, 2),
        ]),
      ),
    );
  }
  const target = results.find((r) => r.concurrency === TARGET_CONCURRENCY);
  let verdict = null;
  if (target) {
    verdict = target.ratio >= TARGET_RATIO ? 'PASS' : 'BELOW TARGET';
    out.push('');
    out.push(
      `event append vs plain insert at concurrency ${TARGET_CONCURRENCY}: ratio ${target.ratio.toFixed(2)} (target >= ${TARGET_RATIO}): ${verdict}`,
    );
  }
  return { text: out.join('\n'), verdict };
}
