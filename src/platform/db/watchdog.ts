import { Client } from 'pg';
import { ServiceUnavailable } from '../http/unavailable';
import { poolTarget } from './multi-host';

/** How often the watchdog asks the database for `select 1`. */
export const PROBE_EVERY_MS = 1000;
/** No answer within this, and the database counts as unreachable until a probe is answered again. */
export const PROBE_TIMEOUT_MS = 3000;
/**
 * A probe's timer that fires later than due by more than this means this process stood still (a
 * blocked event loop, a starved machine): the time it stood still is not the server's silence.
 */
export const STALL_MS = 500;
/** At most this many waits of PROBE_TIMEOUT_MS for one probe, however often the process stands still. */
const MAX_WAITS = 4;

/**
 * Resolves 'late' once the process has run PROBE_TIMEOUT_MS without an answer: when its timer fires
 * more than STALL_MS late, the process stood still meanwhile and the wait starts again (at most
 * MAX_WAITS times). It resolves one turn of the event loop's I/O phase after its timer, so an answer
 * that arrived while the process was busy is read before the probe counts as lost.
 */
function silence(): Promise<'late'> {
  return new Promise((resolve) => {
    let waits = 0;
    const wait = () => {
      waits += 1;
      const due = Date.now() + PROBE_TIMEOUT_MS;
      setTimeout(() => {
        if (Date.now() - due > STALL_MS && waits < MAX_WAITS) wait();
        else setImmediate(() => resolve('late'));
      }, PROBE_TIMEOUT_MS).unref();
    };
    wait();
  });
}

/** `work`'s answer, or an error once the server has been silent for PROBE_TIMEOUT_MS of this process's running time. */
async function answered(work: Promise<unknown>): Promise<void> {
  if ((await Promise.race([work.then(() => 'answered' as const), silence()])) === 'late') {
    work.catch(() => undefined);
    throw new Error('no answer');
  }
}

/**
 * Tells within seconds that PostgreSQL stopped answering (stopped, frozen, cut off), which a
 * statement cannot: a frozen server answers neither the statement nor its cancel, so a statement
 * waits for the client's read timeout (DB_STATEMENT_TIMEOUT_MS + 2 s). One connection of its own
 * asks `select 1` every second; while it gets no answer within 3 s, every database call of the
 * process fails at once with ServiceUnavailable (a 503), and so do the calls already waiting —
 * their connections are discarded when their own timeout ends them. The first answered probe ends it.
 * The 3 s are counted while the process runs: a process that stood still (its event loop blocked, the
 * machine starved) does not take its own stillness for the server's, which answered meanwhile — an e2e
 * run whose test blocked the loop for a few seconds during the probe's connect saw a 503 for a healthy
 * database (pg's own connect timeout fires before the answer that is waiting is read).
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
        // No connect timeout of pg's (its timer would fire before an answer already there is read):
        // `answered` counts the silence, and `drop` cuts the socket of a connect that never ends.
        const client = new (target.extra.Client ?? Client)({
          connectionString: target.url,
          application_name: 'sahyog-watchdog',
        });
        client.on('error', () => this.drop());
        this.client = client;
        await answered(client.connect());
      }
      await answered(this.client.query('select 1'));
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
