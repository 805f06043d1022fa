import { Client } from 'pg';
import { ServiceUnavailable } from '../http/unavailable';
import { poolTarget } from './multi-host';

/** How often the watchdog asks the database for `select 1`. */
export const PROBE_EVERY_MS = 1000;
/** No answer within this, and the database counts as unreachable until a probe is answered again. */
export const PROBE_TIMEOUT_MS = 3000;

/**
 * Tells within seconds that PostgreSQL stopped answering (stopped, frozen, cut off), which a
 * statement cannot: a frozen server answers neither the statement nor its cancel, so a statement
 * waits for the client's read timeout (DB_STATEMENT_TIMEOUT_MS + 2 s). One connection of its own
 * asks `select 1` every second; while it gets no answer within 3 s, every database call of the
 * process fails at once with ServiceUnavailable (a 503), and so do the calls already waiting —
 * their connections are discarded when their own timeout ends them. The first answered probe ends it.
 */
export class DatabaseWatchdog {
  private client: Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private unreachable = false;
  private readonly waiting = new Set<(error: Error) => void>();

  constructor(private readonly url: string) {}

  start(): void {
    const tick = async () => {
      await this.probe();
      if (this.timer) this.timer = setTimeout(() => void tick(), PROBE_EVERY_MS).unref();
    };
    this.timer = setTimeout(() => void tick(), PROBE_EVERY_MS).unref();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.drop();
  }

  get down(): boolean {
    return this.unreachable;
  }

  /** `work`'s outcome, unless the database stops answering first (or already has): then ServiceUnavailable. */
  guard<T>(work: () => Promise<T>): Promise<T> {
    if (this.unreachable) return Promise.reject(new ServiceUnavailable('the database does not answer'));
    return new Promise<T>((resolve, reject) => {
      const giveUp = (error: Error) => reject(error);
      this.waiting.add(giveUp);
      work().then(
        (value) => {
          this.waiting.delete(giveUp);
          resolve(value);
        },
        (error: unknown) => {
          this.waiting.delete(giveUp);
          reject(error);
        },
      );
    });
  }

  private async probe(): Promise<void> {
    try {
      if (!this.client) {
        // The pool's way to the server: a multi-host URL (the HA workers') probes its writable node,
        // where pg's own Client would refuse the URL and the process would stay "unreachable" for good.
        const target = poolTarget(this.url, PROBE_TIMEOUT_MS);
        const client = new (target.extra.Client ?? Client)({
          connectionString: target.url,
          connectionTimeoutMillis: PROBE_TIMEOUT_MS,
          application_name: 'sahyog-watchdog',
        });
        client.on('error', () => this.drop());
        this.client = client;
        await client.connect();
      }
      const answered = this.client.query('select 1').then(() => 'answered' as const);
      // After the timer, one turn of the event loop's I/O phase first: an answer that arrived while the
      // process was busy (a blocked loop, a loaded machine) is read before the probe counts as lost.
      const late = new Promise<'late'>((resolve) =>
        setTimeout(() => setImmediate(() => resolve('late')), PROBE_TIMEOUT_MS).unref(),
      );
      if ((await Promise.race([answered, late])) === 'late') {
        answered.catch(() => undefined);
        throw new Error('no answer');
      }
      this.unreachable = false;
    } catch {
      this.drop();
      if (!this.unreachable) {
        this.unreachable = true;
        const error = new ServiceUnavailable(`the database did not answer within ${PROBE_TIMEOUT_MS} ms`);
        for (const giveUp of this.waiting) giveUp(error);
        this.waiting.clear();
      }
    }
  }

  private drop(): void {
    const client = this.client;
    this.client = undefined;
    if (client) {
      // end() waits for the server's goodbye, which a frozen server never sends: cut the socket.
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      void client.end().catch(() => undefined);
    }
  }
}
