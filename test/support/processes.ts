import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** A started API or worker process (the real entry, src/main.ts) and everything it printed. */
export interface EntryProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Resolves once `pattern` appears in the output; rejects if the process exits or `timeoutMs` passes first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(): Promise<number | null>;
}

/**
 * Starts `node src/main.ts <args>` the way `node dist/main.js` runs in production (same entry, same
 * role flag), with the TypeScript transpiled on require (test/support/ts-register.cjs), so no build
 * is needed. `env` is the whole environment the process gets, beside PATH and HOME.
 */
export function startEntry(args: string[], env: Record<string, string>): EntryProcess {
  const child = spawn(
    process.execPath,
    ['-r', join(ROOT, 'test', 'support', 'ts-register.cjs'), join(ROOT, 'src', 'main.ts'), ...args],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let text = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => {
    done = true;
    for (const listener of listeners) listener();
  });
  return {
    child,
    exited,
    output: () => text,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => finish(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${text}`)),
          timeoutMs,
        );
        const finish = (error?: Error) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (error) reject(error);
          else resolve();
        };
        const check = () => {
          if (pattern.test(text)) finish();
          else if (done) finish(new Error(`exited before ${pattern}; output:\n${text}`));
        };
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (!done) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits for the exit of a process expected to refuse to start; its code and output. */
export async function refusal(
  entry: EntryProcess,
  timeoutMs = 90_000,
): Promise<{ code: number | null; output: string }> {
  const timer = setTimeout(() => entry.child.kill('SIGKILL'), timeoutMs);
  const code = await entry.exited;
  clearTimeout(timer);
  return { code, output: entry.output() };
}
