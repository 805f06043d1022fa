import { Client } from 'pg';
import { DatabaseWatchdog, PROBE_EVERY_MS, PROBE_TIMEOUT_MS } from '../src/platform/db/watchdog';
import { createTestDatabase, TestDatabase } from './support/test-app';

/** Holds this process's event loop for `ms`, as a synchronous child process or a starved machine does. */
function standStill(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy: nothing else of this process runs
  }
}

/**
 * The watchdog counts the server's silence, not this process's: a process that stood still while
 * a probe was out (an e2e test's synchronous child process did this in a CI run: the API's login
 * answered 503 for a healthy database) still reads the answer that arrived meanwhile.
 */
describe('the database watchdog when this process stands still', () => {
  let db: TestDatabase;
  const original = { connect: Client.prototype.connect, query: Client.prototype.query };
  const isWatchdog = (client: Client) =>
    (client as unknown as { connectionParameters: { application_name?: string } }).connectionParameters
      .application_name === 'sahyog-watchdog';
  const stalls: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    Client.prototype.connect = original.connect;
    Client.prototype.query = original.query;
    await db.drop();
  });

  it("a probe's connect and a probe's query out while the loop is held past the probe's timeout are not a silent database", async () => {
    // Right after the watchdog's first connect and its first query are sent (their timers armed), the
    // loop stands still longer than the probe's timeout; PostgreSQL answers meanwhile.
    const stallAfter = <F extends (...args: never[]) => unknown>(name: string, fn: F) =>
      function (this: Client, ...args: Parameters<F>) {
        const out = fn.apply(this, args);
        if (isWatchdog(this) && !stalls.includes(name)) {
          stalls.push(name);
          setImmediate(() => standStill(PROBE_TIMEOUT_MS + 1500));
        }
        return out;
      } as unknown as F;
    Client.prototype.connect = stallAfter('connect', original.connect);
    Client.prototype.query = stallAfter('query', original.query);

    const watchdog = new DatabaseWatchdog(db.appUrl);
    const downAt: number[] = [];
    watchdog.start();
    try {
      // Long enough for both stalls and the probes after each (a lost probe would show as `down`
      // until the next one, a second later).
      for (
        const end = Date.now() + PROBE_EVERY_MS + 2 * (PROBE_TIMEOUT_MS + 1500) + 3 * PROBE_EVERY_MS;
        Date.now() < end;
      ) {
        if (watchdog.down) downAt.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      watchdog.stop();
    }
    expect(stalls).toEqual(['connect', 'query']);
    expect(downAt).toEqual([]);
  }, 30_000);
});
