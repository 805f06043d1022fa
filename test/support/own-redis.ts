import { ChildProcess, spawn } from 'node:child_process';
import IORedis from 'ioredis';
import { freePort } from './processes';

/**
 * A redis-server of one test file's own, which the test may flush or stop without touching the shared
 * test Redis the other files use. No persistence: a stop loses everything, like a FLUSHALL.
 */
export interface OwnRedis {
  url: string;
  flushAll(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const start = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: 'ignore' },
    );
    const started = child;
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    for (let tries = 0; ; tries++) {
      const probe = new IORedis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      try {
        await probe.connect();
        await probe.ping();
        probe.disconnect();
        return;
      } catch (error) {
        probe.disconnect();
        if (tries > 80) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  await start();
  return {
    url,
    start,
    async flushAll() {
      const client = new IORedis(url);
      try {
        await client.flushall();
      } finally {
        client.disconnect();
      }
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
