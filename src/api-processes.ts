import cluster, { Worker } from 'node:cluster';
import { createRootLogger } from './platform/observability/logger';

/** How long a process gets to finish its requests after SIGTERM before it is killed. */
const STOP_GRACE_MS = 15_000;
/** A process that died after it served is replaced after this pause (a crash loop stays slow). */
const RESPAWN_DELAY_MS = 1000;

/**
 * glibc gives each thread that allocates its own arena and keeps what was freed there: each of libuv's
 * four threads kept an argon2 block (12 MiB) after hashing, 48 MiB per process for good. Two arenas
 * bound that to what runs at once (decision 0055); an operator's own MALLOC_ARENA_MAX wins. Read by
 * glibc at the process's start, so it is given to the forked processes.
 */
const forkEnv = (): NodeJS.ProcessEnv => ({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2' });

/**
 * V8's heap for the forked API processes (decision 0059). Under a login storm V8 let each process's old
 * space grow to ~150–185 MB (up to 4 × the ~60 MB live after a full collection) before its first full
 * collection, and the young generation is 2 × 16 MiB: a peak RSS of 300–400 MB. A fixed growing factor
 * of 2 and 8 MiB semi-spaces keep the peak at ~230 MB at the same request rates (bench/README.md).
 */
export const API_V8_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--heap-growing-percent=100'];

/**
 * The forked processes' Node arguments: the primary's own (`execArgv`, which cluster gives them anyway)
 * and each of API_V8_FLAGS that the operator did not set, in the primary's arguments or NODE_OPTIONS
 * (the operator's value wins; V8 spells a flag with `-` or `_`).
 */
export function forkExecArgv(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map((arg) => arg.split('=')[0].replace(/_/g, '-'));
  return [...execArgv, ...API_V8_FLAGS.filter((flag) => !given.includes(flag.split('=')[0]))];
}

/**
 * The API as `count` processes (node:cluster) sharing one port: the primary serves nothing; it forks
 * them, replaces one that dies after it listened, stops them all on SIGTERM/SIGINT, and exits non-zero
 * when one dies before it listened (a configuration refusal is the process's whole answer, printed by
 * the process itself). API_PROCESSES=1 serves in the process itself (src/main.ts), as one process per
 * `node dist/main.js` behind a load balancer wants.
 */
export function superviseApiProcesses(count: number): void {
  let stopping = false;
  const listened = new WeakSet<Worker>();
  // The supervisor's lines are JSON log lines like every process's (docs/operations.md, "Logs").
  const logger = createRootLogger({ role: 'api-supervisor' });
  const say = (line: string) => logger.info(line);

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (!workers.length) process.exit(code);
    for (const worker of workers) {
      worker.process.kill('SIGTERM');
      setTimeout(() => worker.process.kill('SIGKILL'), STOP_GRACE_MS).unref();
    }
    cluster.on('exit', () => {
      if (!Object.values(cluster.workers ?? {}).some((w) => w && !w.isDead())) process.exit(code);
    });
  };

  cluster.on('listening', (worker) => listened.add(worker));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (!listened.has(worker)) {
      say(`process ${worker.process.pid} exited before it listened (${code ?? signal}); stopping the others`);
      stopAll(code || 1);
      return;
    }
    say(`process ${worker.process.pid} exited (${code ?? signal}); starting another`);
    setTimeout(() => {
      if (!stopping) cluster.fork(forkEnv());
    }, RESPAWN_DELAY_MS);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll(0));
  cluster.setupPrimary({ execArgv: forkExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  say(`starting ${count} API processes (API_PROCESSES)`);
  for (let i = 0; i < count; i++) cluster.fork(forkEnv());
}
