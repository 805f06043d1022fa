// Long-running child processes (api, worker): prefixed output, health, ordered stop.
import { spawn } from 'node:child_process';
import { ROOT, prefixer, trackChild, killGroup, waitPidGone, log } from './util.mjs';

/**
 * Start `cmd args` in its own process group (so a terminal Ctrl-C reaches only the launcher,
 * which then stops everything in order). Output is copied to ours with a `[name]` prefix,
 * or to `logStream` when given.
 */
export function startService(name, cmd, args, { env = process.env, cwd = ROOT, logStream, uid, gid } = {}) {
  const ids = uid === undefined ? {} : { uid, gid }; // e.g. Patroni as the postgres user (PostgreSQL refuses root)
  const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'], ...ids });
  trackChild(child);
  const out = logStream ? (d) => logStream.write(d) : prefixer(name, process.stdout);
  const err = logStream ? (d) => logStream.write(d) : prefixer(name, process.stderr);
  child.stdout.on('data', out);
  child.stderr.on('data', err);
  let exitInfo = null;
  let stopping = false;
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exitInfo = { code, signal };
      if (out.flush) out.flush();
      if (err.flush) err.flush();
      resolve(exitInfo);
    });
  });
  child.once('error', (e) => log(name, `could not start: ${e.message}`));
  return {
    name,
    pid: child.pid,
    exited,
    get exitInfo() { return exitInfo; },
    get stopping() { return stopping; },
    alive: () => exitInfo === null,
    /** SIGTERM the group, then SIGKILL after `graceMs`. */
    async stop(graceMs = 10000) {
      stopping = true;
      if (exitInfo) return exitInfo;
      killGroup(child.pid, 'SIGTERM');
      const timer = setTimeout(() => {
        log(name, `did not stop within ${graceMs} ms; killing`);
        killGroup(child.pid, 'SIGKILL');
      }, graceMs);
      const info = await exited;
      clearTimeout(timer);
      // any grandchildren left in the group
      killGroup(child.pid, 'SIGKILL');
      await waitPidGone(child.pid, 2000);
      return info;
    },
  };
}
