// pgBackRest on the HA stack: the stanza (created when the cluster is up; Patroni's archive_command
// then pushes every WAL segment into the repository), and the restore drill of docs/operations.md:
// a full backup, writes, a point in time T, more writes, a restore to T into a new data directory,
// PostgreSQL started on it, and `ledger verify` there. The restored ledger must end exactly where the
// primary's ended at T.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, log, run, freePort, sleep, isRoot, waitPidGone } from './util.mjs';
import { PG_BIN, STANZA, pgSelect, waitFor } from './ha-cluster.mjs';
import { startService } from './supervise.mjs';

/** Runs a command as the postgres user (pgBackRest and PostgreSQL refuse to work as root). */
function asPostgres(cmd, args, opts = {}) {
  return isRoot() ? run('runuser', ['-u', 'postgres', '--', cmd, ...args], opts) : run(cmd, args, opts);
}

async function pgbackrest(stack, args, timeoutMs = 5 * 60_000) {
  const r = await asPostgres('pgbackrest', [`--config=${stack.pgbackrest.conf}`, `--stanza=${STANZA}`, ...args], { quiet: true, timeoutMs, cwd: '/' });
  if (r.code !== 0) throw new Error(`pgbackrest ${args.join(' ')} failed (exit ${r.code}):\n${r.output.slice(-3000)}`);
  return r.output;
}

/** stanza-create and check (the archive works) on the running cluster. */
export async function createStanza(stack) {
  await pgbackrest(stack, ['stanza-create']);
  await pgbackrest(stack, ['check']);
  log('ha', `pgBackRest stanza '${STANZA}' created; WAL archive checked (${stack.pgbackrest.repo})`);
}

/**
 * The restore drill. `write(n)` makes n acknowledged writes through the API. Prints one line:
 * `restore to <T>: <events> events, ledger verify ok` (or what failed) and returns whether it passed.
 */
export async function restoreDrill(stack, write) {
  const sql = (text) => pgSelect(stack.writeUrl('sahyog'), text);
  await pgbackrest(stack, ['--type=full', 'backup'], 10 * 60_000);
  log('restore', 'full backup taken');
  await write(10);
  // T: a moment on the database's own clock, between two batches of writes
  const [{ count: atT }] = await sql('select count(*)::int as count from events');
  await sleep(1100);
  const [{ t }] = await sql("select to_char(now() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' as t");
  await sleep(1100);
  await write(10);
  const [{ count: after }] = await sql('select count(*)::int as count from events');
  await sql('select pg_switch_wal()');
  await pgbackrest(stack, ['check']); // waits until the current WAL segment is in the archive
  log('restore', `T = ${t}: ${atT} events at T, ${after} now; restoring to T`);

  const dir = path.join(stack.base, 'restore');
  const dataDir = path.join(dir, 'data');
  const socketDir = path.join(dir, 'socket');
  fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (stack.ids.uid !== undefined) for (const d of [dir, dataDir, socketDir]) fs.chownSync(d, stack.ids.uid, stack.ids.gid);
  await pgbackrest(stack, [`--pg1-path=${dataDir}`, '--type=time', `--target=${t}`, '--target-action=promote', '--archive-mode=off', 'restore'], 10 * 60_000);

  const port = await freePort();
  const logFile = fs.createWriteStream(path.join(stack.logDir, 'restore-postgres.log'), { flags: 'a' });
  const pg = startService('restored postgres', path.join(PG_BIN, 'postgres'), [
    '-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir}`,
    '-c', 'archive_mode=off', '-c', "synchronous_standby_names=", '-c', "primary_conninfo=", '-c', `hba_file=${path.join(dataDir, 'pg_hba.conf')}`,
    '-c', `ident_file=${path.join(dataDir, 'pg_ident.conf')}`,
  ], { cwd: dir, uid: stack.ids.uid, gid: stack.ids.gid, logStream: logFile });
  try {
    const url = stack.nodeUrl({ pgPort: port }, 'sahyog');
    await waitFor(async () => {
      try {
        const [{ r }] = await pgSelect(url, 'select pg_is_in_recovery() as r');
        return r === false;
      } catch { return false; }
    }, 120_000, 'the restored server to finish recovery and promote');
    const [{ count: restored }] = await pgSelect(url, 'select count(*)::int as count from events');
    // Checked on its own: chains, postings and checkpoint signatures up to T. Not against the live
    // signer's saved last digest, which lies after T — that comparison rightly reports a rollback.
    const env = { ...stack.appEnv, DATABASE_URL: url, LEDGER_LAST_DIGEST_FILE: path.join(dir, 'no-saved-digest.json') };
    const verify = await run(process.execPath, [path.join(ROOT, 'dist', 'cli', 'ledger.js'), 'verify'], { env, quiet: true, timeoutMs: 5 * 60_000 });
    const ok = verify.code === 0 && restored === atT;
    const line = `restore to ${t}: ${restored} events (${atT} at T, ${after} at the end), ${verify.code === 0 ? 'ledger verify ok' : 'ledger verify FAILED'}`;
    console.log(ok ? line : `${line} — FAILED`);
    if (verify.code !== 0) console.log(verify.output.slice(-2000));
    return ok;
  } finally {
    await pg.stop(15000);
    await waitPidGone(pg.pid, 5000);
  }
}
