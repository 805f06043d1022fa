import { createServer, connect, Server, Socket } from 'node:net';
import { Probes } from '../src/platform/observability/probes';
import { createTestDatabase, TestDatabase } from './support/test-app';

/**
 * The health probes' own connections when the way to PostgreSQL drops mid-statement (HAProxy closing
 * its connections in a failover: no error message from the server, the socket just ends): the probe
 * answers with an error and the next one connects again; the process never sees an unhandled
 * 'error' event. A checked-out pg client has no listener of its pool's, so without one of the
 * probe's own such a drop ended the API (an HA drill run saw an API exit during the PostgreSQL
 * failover while HAProxy's health checks were probing it).
 */
describe('health probes when the connection to PostgreSQL drops', () => {
  let db: TestDatabase;
  let probes: Probes;
  let proxy: Server;
  const sockets = new Set<Socket>();
  const unhandled: unknown[] = [];
  const record = (error: unknown) => unhandled.push(error);

  beforeAll(async () => {
    db = await createTestDatabase();
    const target = new URL(db.appUrl);
    // A TCP relay to PostgreSQL standing in for HAProxy: closing its sockets drops the connections.
    proxy = createServer((client) => {
      const server = connect(Number(target.port), target.hostname);
      for (const socket of [client, server]) {
        sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => sockets.delete(socket));
      }
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const via = new URL(db.appUrl);
    via.hostname = '127.0.0.1';
    via.port = String((proxy.address() as { port: number }).port);
    probes = new Probes(via.toString(), { url: '', sentinels: [], sentinelName: '' }, 'sahyog-probe-faults');
    process.on('uncaughtException', record);
  });
  afterAll(async () => {
    process.off('uncaughtException', record);
    await probes.close();
    await new Promise((resolve) => proxy.close(resolve));
    await db.drop();
  });

  it('a connection dropped during a probe fails that probe only; the next probe answers', async () => {
    await probes.database(); // a connection through the relay
    const probe = (
      probes as unknown as { query(t: string, p: unknown[], ms: number, w: string): Promise<unknown[]> }
    ).query('select pg_sleep(0.8) as slept', [], 5000, 'database');
    let seen = false;
    for (const deadline = Date.now() + 5000; !seen && Date.now() < deadline;) {
      const rows = await db.owner.query("select 1 from pg_stat_activity where query like 'select pg_sleep(0.8)%'");
      seen = rows.length > 0;
    }
    expect(seen).toBe(true);
    for (const socket of sockets) socket.destroy();
    await expect(probe).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
    await expect(probes.database()).resolves.toBeUndefined();
  });
});
