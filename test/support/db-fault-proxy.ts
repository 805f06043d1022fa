import { createServer, Server, Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP relay in front of the shared test PostgreSQL that a test can make hang or refuse, without
 * touching the server the other test files use: `freeze()` stops forwarding (connections stay open,
 * nothing is answered: a hung database), `refuse()` drops every connection and refuses new ones (a
 * stopped database), `restore()` resumes.
 */
export class DbFaultProxy {
  private server: Server | undefined;
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  private mode: 'forward' | 'freeze' | 'refuse' = 'forward';
  port = 0;

  constructor(
    private readonly upstreamHost: string,
    private readonly upstreamPort: number,
  ) {}

  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async start(): Promise<void> {
    this.server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  private accept(client: Socket): void {
    if (this.mode === 'refuse') {
      client.destroy();
      return;
    }
    const upstream = connect(this.upstreamPort, this.upstreamHost);
    const pair = { client, upstream };
    this.pairs.add(pair);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
    if (this.mode === 'freeze') this.pause(pair);
  }

  private pause({ client, upstream }: { client: Socket; upstream: Socket }): void {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  }

  freeze(): void {
    this.mode = 'freeze';
    for (const pair of this.pairs) this.pause(pair);
  }

  async refuse(): Promise<void> {
    this.mode = 'refuse';
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
  }

  restore(): void {
    const wasFrozen = this.mode === 'freeze';
    this.mode = 'forward';
    if (!wasFrozen) return;
    for (const { client, upstream } of this.pairs) {
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
      upstream.resume();
    }
  }

  async stop(): Promise<void> {
    await this.refuse();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
