// Small shared helpers for the launcher scripts (plain Node, no dependencies).
import net from 'node:net';
import http from 'node:http';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (scripts/lib/../..). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A path relative to the repo when inside it, else absolute. */
export const rel = (p) => {
  const r = path.relative(ROOT, p);
  return r && !r.startsWith('..') ? r : p;
};

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, s) => (useColor ? `\x1b[${code}m${s}\x1b[0m` : s);
export const c = {
  bold: (s) => paint('1', s),
  dim: (s) => paint('2', s),
  red: (s) => paint('31', s),
  green: (s) => paint('32', s),
  yellow: (s) => paint('33', s),
  cyan: (s) => paint('36', s),
};

export function log(tag, ...msg) {
  console.log(c.dim(`[${tag}]`), ...msg);
}

export class UserError extends Error {}

/** Is this process running as root? */
export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Find a free TCP port on 127.0.0.1 (the OS picks one). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** True when nothing listens on host:port (we can bind it). host null = all interfaces. */
export function portIsFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    const done = () => srv.close(() => resolve(true));
    if (host === null) srv.listen(port, done);
    else srv.listen(port, host, done);
  });
}

/** Use `preferred` when it is free, else any free port. */
export async function preferredPort(preferred) {
  if (preferred && (await portIsFree(preferred))) return preferred;
  return freePort();
}

/** Resolve when a TCP connection to host:port succeeds; reject after timeoutMs. */
export async function waitForTcp(port, host = '127.0.0.1', timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const s = net.connect({ port, host });
      s.once('connect', () => { s.destroy(); resolve(true); });
      s.once('error', () => resolve(false));
      s.setTimeout(1000, () => { s.destroy(); resolve(false); });
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** One HTTP GET; resolves { status, body } or rejects on a connection error. */
export function httpGet(url, timeoutMs = 5000) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/**
 * Poll `url` until it answers 200. `isAlive` (optional) is checked on every round so a
 * crashed server fails fast instead of waiting for the timeout.
 */
export async function waitForHttp(url, { timeoutMs = 60000, isAlive } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    if (isAlive && !isAlive()) throw new Error(`the server exited before ${url} answered`);
    try {
      const r = await httpGet(url, 3000);
      if (r.status === 200) return;
      last = `HTTP ${r.status}`;
    } catch (e) {
      last = e.message;
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${last})`);
    await sleep(300);
  }
}

/**
 * Run a command to completion, streaming its output (optionally prefixed).
 * Resolves { code, signal }; never rejects for a non-zero exit.
 * `timeoutMs` kills the command's whole process group when exceeded.
 */
export function run(cmd, args, { cwd = ROOT, env = process.env, prefix, timeoutMs, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.isCommand = true; // a run-to-completion command (not a service): see killCommands()
    trackChild(child);
    const out = prefixer(prefix, quiet ? null : process.stdout);
    const err = prefixer(prefix, quiet ? null : process.stderr);
    let output = '';
    child.stdout.on('data', (d) => { output += d; out(d); });
    child.stderr.on('data', (d) => { output += d; err(d); });
    let timer;
    let timedOut = false;
    if (timeoutMs) {
      timer = setTimeout(() => {
        timedOut = true;
        killGroup(child.pid, 'SIGTERM');
        setTimeout(() => killGroup(child.pid, 'SIGKILL'), 10000).unref();
      }, timeoutMs);
    }
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      out.flush();
      err.flush();
      resolve({ code: timedOut ? 124 : code, signal, output, timedOut });
    });
  });
}

/** Run and throw when the exit code is not 0. */
export async function runOrThrow(cmd, args, opts = {}) {
  const r = await run(cmd, args, opts);
  if (r.code !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.code ?? r.signal})`);
  return r;
}

/** Returns a writer that prefixes each complete line with `[prefix] `. */
export function prefixer(prefix, stream) {
  let buf = '';
  const write = (chunk) => {
    if (!stream) return;
    if (!prefix) { stream.write(chunk); return; }
    buf += chunk.toString();
    const lines = buf.split('\n');
    buf = lines.pop();
    for (const l of lines) stream.write(`${c.dim(`[${prefix}]`)} ${l}\n`);
  };
  write.flush = () => {
    if (stream && buf) stream.write(`${prefix ? c.dim(`[${prefix}]`) + ' ' : ''}${buf}\n`);
    buf = '';
  };
  return write;
}

// ---- child tracking: whatever we spawned detached is killed if this process exits abruptly.
const tracked = new Set();
export function trackChild(child) {
  tracked.add(child);
  child.once('exit', () => tracked.delete(child));
}
export function killGroup(pid, signal) {
  try { process.kill(-pid, signal); return true; } catch { /* not a group leader or gone */ }
  try { process.kill(pid, signal); return true; } catch { return false; }
}
const running = (ch) => ch.exitCode === null && ch.signalCode === null;
/** Signal every still-running command started with run() (its whole process group). */
export function killCommands(signal = 'SIGTERM') {
  for (const ch of tracked) if (ch.isCommand && running(ch)) killGroup(ch.pid, signal);
}
process.once('exit', () => {
  for (const ch of tracked) if (running(ch)) killGroup(ch.pid, 'SIGKILL');
});

export function isPidAlive(pid) {
  try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; }
}

export async function waitPidGone(pid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (isPidAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

export function readJson(file, fallback) {
  try { return JSON.parse(fs.readFileSync(file, 'utf8')); } catch { return fallback; }
}

/** Does `cmd` resolve on PATH (or as an absolute path)? */
export function which(cmd) {
  if (cmd.includes('/')) return fs.existsSync(cmd) ? cmd : null;
  const dirs = (process.env.PATH || '').split(':').concat(['/usr/sbin', '/usr/bin', '/sbin', '/bin']);
  for (const d of dirs) {
    const p = path.join(d, cmd);
    try { fs.accessSync(p, fs.constants.X_OK); return p; } catch { /* next */ }
  }
  return null;
}
