// Start/stop a local redis-server (Debian's package, installed when missing and root).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ensureAptPackage } from './apt.mjs';
import { rel, sleep, trackChild, waitPidGone, isPidAlive, log } from './util.mjs';

/** Send PING over RESP; resolves true on +PONG. */
export function redisPing(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const s = net.connect({ port, host });
    let buf = '';
    s.setTimeout(1500, () => { s.destroy(); resolve(false); });
    s.once('error', () => resolve(false));
    s.once('connect', () => s.write('PING\r\n'));
    s.on('data', (d) => {
      buf += d;
      if (buf.includes('\r\n')) { s.destroy(); resolve(buf.startsWith('+PONG')); }
    });
  });
}

/**
 * Start redis-server with append-only persistence and noeviction (BullMQ needs both),
 * bound to 127.0.0.1, data in `dataDir`. When a server started by us earlier still runs on
 * this data dir (pid file), it is reused and stop() leaves it alone.
 * @returns {{ port, pid, adopted, url(db?), stop() }}
 */
export async function startRedis({ dataDir, port, tag = 'redis', throwaway = false }) {
  const bin = await ensureAptPackage('redis-server', 'redis-server');
  dataDir = path.resolve(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const pidFile = path.join(dataDir, 'redis.pid');
  const portFile = path.join(dataDir, 'redis.port');

  if (fs.existsSync(pidFile) && fs.existsSync(portFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    const oldPort = Number(fs.readFileSync(portFile, 'utf8'));
    if (pid && isPidAlive(pid) && (await redisPing(oldPort))) {
      log(tag, `already running (pid ${pid}, port ${oldPort}); reusing it`);
      return { port: oldPort, pid, adopted: true, url: (db = 0) => `redis://127.0.0.1:${oldPort}/${db}`, stop: async () => {} };
    }
  }

  const logFile = path.join(dataDir, 'redis.log');
  const args = [
    '--port', String(port),
    '--bind', '127.0.0.1',
    '--protected-mode', 'yes',
    '--dir', dataDir,
    '--appendonly', throwaway ? 'no' : 'yes',
    '--maxmemory-policy', 'noeviction',
    '--daemonize', 'no',
    '--pidfile', pidFile,
    '--logfile', logFile,
  ];
  if (throwaway) args.push('--save', '');
  const child = spawn(bin, args, { detached: true, stdio: 'ignore' });
  trackChild(child);
  let exited = null;
  child.once('exit', (code, signal) => { exited = { code, signal }; });
  fs.writeFileSync(portFile, String(port));

  const deadline = Date.now() + 30000;
  while (!(await redisPing(port))) {
    if (exited || Date.now() > deadline) {
      const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n') : '';
      try { process.kill(child.pid, 'SIGKILL'); } catch { /* gone */ }
      throw new Error(`redis-server did not start on port ${port}${exited ? ` (exited ${JSON.stringify(exited)})` : ''}\n--- ${logFile} ---\n${tail}`);
    }
    await sleep(100);
  }
  log(tag, `ready on 127.0.0.1:${port} (pid ${child.pid}, data ${rel(dataDir)})`);
  return {
    port, pid: child.pid, adopted: false,
    url: (db = 0) => `redis://127.0.0.1:${port}/${db}`,
    stop: async () => {
      if (exited) return;
      process.kill(child.pid, 'SIGTERM'); // redis saves (AOF fsync) and exits on SIGTERM
      if (!(await waitPidGone(child.pid, 15000))) {
        try { process.kill(child.pid, 'SIGKILL'); } catch { /* gone */ }
      }
      log(tag, 'stopped');
    },
  };
}
