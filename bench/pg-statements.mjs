// Server-side time per statement during a bench's measured window (BENCH_PG_STATEMENTS=1: the throwaway
// server is started with pg_stat_statements loaded). Client-side profiles (BENCH_PROFILE=1) show when a
// pipelined statement completed; this shows what each one cost PostgreSQL's executor.

/** Creates the extension (owner) and empties its counters: call right before the measured window. */
export async function resetStatements(owner) {
  await owner.query('create extension if not exists pg_stat_statements');
  await owner.query('select pg_stat_statements_reset()');
}

/** The `limit` statements with the most executor time since the reset, across all databases' backends of this one. */
export async function topStatements(owner, limit = 15) {
  const rows = await owner.query(
    `select regexp_replace(left(query, 400), '\\s+', ' ', 'g') as query, calls::bigint::text as calls,
            total_exec_time as ms, rows::bigint::text as rows,
            shared_blks_hit::bigint::text as hit, shared_blks_read::bigint::text as read,
            wal_records::bigint::text as wal_records, wal_bytes::bigint::text as wal_bytes
       from pg_stat_statements s join pg_database d on d.oid = s.dbid
      where d.datname = current_database()
      order by total_exec_time desc limit $1`,
    [limit],
  );
  const [{ ms: allMs, calls: allCalls }] = await owner.query(
    `select coalesce(sum(total_exec_time), 0) as ms, coalesce(sum(calls), 0)::bigint::text as calls
       from pg_stat_statements s join pg_database d on d.oid = s.dbid where d.datname = current_database()`,
  );
  return {
    totalMs: Number(allMs),
    totalCalls: Number(allCalls),
    rows: rows.map((r) => ({
      query: r.query,
      calls: Number(r.calls),
      ms: Number(r.ms),
      rows: Number(r.rows),
      hit: Number(r.hit),
      read: Number(r.read),
      walRecords: Number(r.wal_records),
      walBytes: Number(r.wal_bytes),
    })),
  };
}

/** A table of `top` per unit (a top-up, a link): calls, executor µs, WAL records per unit; each query shortened to `width`. */
export function statementsTable(top, units, unitName, width = 110) {
  const f = (n, d) => (Number.isFinite(n) ? n.toFixed(d) : '-');
  const lines = [
    `PostgreSQL executor time per ${unitName} (pg_stat_statements, ${top.totalCalls} calls, ${f(top.totalMs / units, 3)} ms per ${unitName} in all):`,
    `  ${'calls'.padStart(7)} ${'µs'.padStart(8)} ${'% time'.padStart(6)} ${'WAL rec'.padStart(7)} ${'blk rd'.padStart(6)}  statement`,
  ];
  for (const r of top.rows)
    lines.push(
      `  ${f(r.calls / units, 2).padStart(7)} ${f((r.ms * 1000) / units, 1).padStart(8)} ${f((100 * r.ms) / top.totalMs, 1).padStart(6)} ${f(r.walRecords / units, 1).padStart(7)} ${f(r.read / units, 1).padStart(6)}  ${r.query.slice(0, width)}`,
    );
  return lines.join('\n');
}
