import { Client, ClientConfig } from 'pg';

/** A libpq multi-host URL (`postgres://u:p@h1:5432,h2:5432/db?target_session_attrs=read-write`), split. */
export interface MultiHostUrl {
  hosts: Array<{ host: string; port: number }>;
  /** The same URL naming only host `index`. */
  single(index: number): string;
  /** libpq's target_session_attrs: read-write (the default here: the application writes) or any. */
  readWrite: boolean;
}

/** null for a URL with one host; the hosts otherwise. A malformed host list stops the start. */
export function parseMultiHost(url: string): MultiHostUrl | null {
  const match = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/i.exec(url);
  if (!match || !match[3].includes(',')) return null;
  const [, scheme, credentials = '', hostList, rest] = match;
  const hosts = hostList.split(',').map((item) => {
    const host = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(item);
    if (!host) throw new Error(`DATABASE_URL: "${item}" is not a host or host:port`);
    return { host: host[1].replace(/^\[|\]$/g, ''), port: Number(host[2] ?? 5432) };
  });
  const query = new URLSearchParams(rest.split('?')[1] ?? '');
  const attrs = query.get('target_session_attrs') ?? 'read-write';
  if (!['read-write', 'any'].includes(attrs))
    throw new Error(`DATABASE_URL: target_session_attrs must be read-write or any, got "${attrs}"`);
  query.delete('target_session_attrs');
  const [path] = rest.split('?');
  const tail = `${path}${query.size > 0 ? `?${query.toString()}` : ''}`;
  const hostText = (i: number) => {
    const { host, port } = hosts[i];
    return `${host.includes(':') ? `[${host}]` : host}:${port}`;
  };
  return { hosts, single: (i) => `${scheme}${credentials}${hostText(i)}${tail}`, readWrite: attrs === 'read-write' };
}

/** How long a host found writable is used without asking again. */
const CHOICE_TTL_MS = 1000;

/**
 * A pg Client class for a multi-host URL, as libpq does it: each new connection goes to the first
 * host, in the URL's order starting with the one that answered last, that accepts a connection and
 * (with target_session_attrs=read-write) is not a read-only standby. After a failover the pool's
 * broken connections are dropped and the new ones find the promoted node. An endpoint that always
 * points at the primary (HAProxy on Patroni's /primary, decision 0038) needs none of this.
 */
export function multiHostClient(url: MultiHostUrl, connectTimeoutMs: number): typeof Client {
  let preferred = 0;
  let chosenAt = 0;
  const probe = async (index: number, config: ClientConfig): Promise<boolean> => {
    const client = new Client({
      ...config,
      connectionString: url.single(index),
      connectionTimeoutMillis: connectTimeoutMs,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      if (!url.readWrite) return true;
      const { rows } = await client.query<{ transaction_read_only: string }>('show transaction_read_only');
      return rows[0]?.transaction_read_only === 'off';
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const choose = async (config: ClientConfig): Promise<number> => {
    if (Date.now() - chosenAt < CHOICE_TTL_MS) return preferred;
    for (let step = 0; step < url.hosts.length; step++) {
      const index = (preferred + step) % url.hosts.length;
      if (await probe(index, config)) {
        preferred = index;
        chosenAt = Date.now();
        return index;
      }
    }
    throw new Error(
      `no ${url.readWrite ? 'writable ' : ''}PostgreSQL among ${url.hosts.map((h) => `${h.host}:${h.port}`).join(', ')}`,
    );
  };
  return class MultiHostClient extends Client {
    private readonly given: ClientConfig;

    constructor(config?: string | ClientConfig) {
      const given = typeof config === 'string' ? { connectionString: config } : (config ?? {});
      super({ ...given, connectionString: url.single(preferred) });
      this.given = given;
    }

    override connect(): Promise<Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: Client) => void)): void;
    override connect(callback?: ((err: Error) => void) | ((err: null, c: Client) => void)): Promise<Client> | void {
      const connected = choose(this.given).then((index) => {
        this.host = url.hosts[index].host;
        this.port = url.hosts[index].port;
        return super.connect();
      });
      if (!callback) return connected;
      const report = callback as (err: Error | null, c?: Client) => void;
      connected.then(
        (client) => report(null, client),
        (error: Error) => report(error),
      );
    }
  };
}

/** The URL itself, or for a multi-host URL the single-host URL of its first writable host (one-off tools: migrations). */
export async function firstWritableUrl(url: string, connectTimeoutMs = 5000): Promise<string> {
  const multi = parseMultiHost(url);
  if (!multi) return url;
  const Probe = multiHostClient(multi, connectTimeoutMs);
  const client = new Probe({});
  client.on('error', () => undefined);
  await client.connect();
  const chosen = multi.hosts.findIndex((h) => h.host === client.host && h.port === client.port);
  await client.end();
  return multi.single(chosen);
}

/** createDataSource's URL and pool options for `url`: a multi-host URL gets the choosing Client. */
export function poolTarget(url: string, connectTimeoutMs = 5000): { url: string; extra: { Client?: typeof Client } } {
  const multi = parseMultiHost(url);
  if (!multi) return { url, extra: {} };
  return { url: multi.single(0), extra: { Client: multiHostClient(multi, connectTimeoutMs) } };
}
