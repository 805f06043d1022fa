import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { HealthChecks, OBSERVABILITY_SETTINGS } from './health';
import { rootLogger } from './logger';
import { METRICS_CONTENT_TYPE, Metrics, scrapeAllowed } from './metrics';
import { ObservabilitySettings } from './settings';

/**
 * The worker's own small HTTP server on WORKER_HEALTH_PORT (it serves no other HTTP): the API's
 * health paths (`/health/live`, `/health/ready`, `/health`, also under `/api/health…`) and `/metrics`.
 */
@Injectable()
export class WorkerHealthServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | undefined;

  constructor(
    private readonly checks: HealthChecks,
    private readonly metrics: Metrics,
    @Inject(OBSERVABILITY_SETTINGS) private readonly settings: ObservabilitySettings,
  ) {}

  /** The port it listens on (WORKER_HEALTH_PORT, or the one the system picked for 0). */
  get port(): number | null {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address ? address.port : null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        rootLogger().error({ err: error }, 'worker health server');
        if (!response.headersSent) send(response, 500, { statusCode: 500, result: 'Internal error' });
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.settings.workerHealthPort, '0.0.0.0', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    rootLogger().info({ port: this.port }, 'worker health and metrics listening');
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0].replace(/^\/api(?=\/health)/, '');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(response, 405, { statusCode: 405, result: 'Method not allowed' });
    if (path === '/health/live') return send(response, 200, { status: 'ok' });
    if (path === '/health/ready' || path === '/health') {
      const readiness = await this.checks.readiness();
      return send(response, readiness.status === 'ok' ? 200 : 503, readiness);
    }
    if (path === '/metrics') {
      if (!scrapeAllowed(this.settings.metricsToken, request.headers.authorization))
        return send(response, 401, { statusCode: 401, result: 'A valid metrics token is required' });
      const text = await this.metrics.render();
      response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' });
      response.end(text);
      return;
    }
    send(response, 404, { statusCode: 404, result: 'Not found' });
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}
