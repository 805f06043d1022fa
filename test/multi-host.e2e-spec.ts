import { createServer } from 'node:net';
import { createDataSource, Database } from '../src/platform/db/database';
import { migrate } from '../src/platform/db/migrate';
import { DatabaseWatchdog, PROBE_EVERY_MS, PROBE_TIMEOUT_MS } from '../src/platform/db/watchdog';
import { ALL_MIGRATIONS } from '../migrations';
import { createTestDatabase } from './support/test-app';

/** A port on 127.0.0.1 where nothing listens (a dead node). */
async function deadPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** `url` with a dead node listed before its own host (libpq's multi-host form). */
function withDeadNodeFirst(url: string, port: number): string {
  return url.replace(/@([^/]+)\//, (_, host: string) => `@127.0.0.1:${port},${host}/`);
}

// Proves a multi-host DATABASE_URL works as libpq's does (issue 19 §5: it made the API exit with
// "Invalid URL"): the first host is dead, the pool and the migrations connect to the next one.
describe('a multi-host PostgreSQL URL', () => {
  it('the pool skips a dead node and runs on the writable one', async () => {
    const db = await createTestDatabase();
    const dataSource = createDataSource(withDeadNodeFirst(db.appUrl, await deadPort()), { poolSize: 2 });
    try {
      await dataSource.initialize();
      const rows = await new Database(dataSource).query<{ n: number }>('select count(*)::int as n from events');
      expect(rows[0].n).toBeGreaterThanOrEqual(0);
    } finally {
      if (dataSource.isInitialized) await dataSource.destroy();
      await db.drop();
    }
  });

  it("the process's watchdog probes the writable node too: calls are answered, never a 503 for a URL it cannot read", async () => {
    const db = await createTestDatabase();
    const url = withDeadNodeFirst(db.appUrl, await deadPort());
    const watchdog = new DatabaseWatchdog(url);
    const dataSource = createDataSource(url, { poolSize: 2 });
    try {
      await dataSource.initialize();
      watchdog.start();
      // Past the first probes and past the time a lost probe takes to count.
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS + PROBE_TIMEOUT_MS + 500));
      expect(watchdog.down).toBe(false);
      const rows = await new Database(dataSource, watchdog).query<{ n: number }>('select 1 as n');
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      watchdog.stop();
      if (dataSource.isInitialized) await dataSource.destroy();
      await db.drop();
    }
  });

  it('migrate takes the writable node of the list', async () => {
    const db = await createTestDatabase();
    try {
      await expect(
        migrate(withDeadNodeFirst(db.ownerUrl, await deadPort()), 'sahyog_app', ALL_MIGRATIONS),
      ).resolves.toEqual([]);
    } finally {
      await db.drop();
    }
  });
});
