import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyReply, FastifyRequest } from 'fastify';
import { IncomingMessage } from 'node:http';
import { storage } from 'nestjs-pino/storage';
import { Logger } from 'pino';
import { accessLogger, requestIdFrom, rootLogger } from './logger';
import { METRICS_CONTENT_TYPE, Metrics, scrapeAllowed, UNMATCHED_ROUTE } from './metrics';
import { ObservabilitySettings } from './settings';

/**
 * Fastify's `genReqId`: the request id (see requestIdFrom), kept on the raw request too, where
 * pino-http (nestjs-pino) finds it, so every line of the request carries the same `reqId`, and
 * event metadata (request-context.ts, `request.id`) records it.
 */
export function fastifyRequestId(raw: IncomingMessage): string {
  const id = requestIdFrom(raw.headers['x-request-id']);
  (raw as IncomingMessage & { id?: string }).id = id;
  return id;
}

/** Who made the request, as far as authentication said (passport's `request.user`): a member's uid or an admin's username. */
function identityOf(request: FastifyRequest): { uid?: string; admin?: string } {
  const user = (request as FastifyRequest & { user?: { uid?: unknown; username?: unknown } }).user;
  if (typeof user?.uid === 'string') return { uid: user.uid };
  if (typeof user?.username === 'string') return { admin: user.username };
  return {};
}

/**
 * The request's logging scope (nestjs-pino's Store, read by its `Logger`/`PinoLogger`): every line
 * written while the request runs carries its `reqId`, and `uid`/`admin` once the guards have
 * authenticated the caller. The child logger is made when a line is first written, not for every
 * request (most write none but their access line): a pino child costs a redaction pass over its
 * bindings, and pino-http's middleware made two per request, one of them over the whole request
 * object (decision 0051).
 */
export class RequestLogScope {
  private made?: Logger;
  private madeFor?: string;
  private assigned?: Logger;
  readonly responseLogger = undefined;

  constructor(private readonly request: FastifyRequest) {}

  get logger(): Logger {
    if (this.assigned) return this.assigned;
    const who = identityOf(this.request);
    const key = who.uid ?? who.admin ?? '';
    if (!this.made || this.madeFor !== key) {
      this.made = rootLogger().child({ reqId: this.request.id, ...who });
      this.madeFor = key;
    }
    return this.made;
  }

  /** PinoLogger.assign: the request's logger with more bindings, kept for the rest of the request. */
  set logger(logger: Logger) {
    this.assigned = logger;
  }
}

/**
 * On every answer: the `X-Request-Id` header; one access line (method, route pattern, status,
 * duration in ms, who, never the query string, a body or a header); the request histogram. And
 * `GET /metrics` (bearer METRICS_TOKEN when set). Registered before the routes and the web apps.
 * The request's lines carry its id and caller through RequestLogScope, entered here for the rest
 * of the request (as nestjs-pino's own middleware did, at the same hook).
 */
export function registerHttpObservability(
  app: NestFastifyApplication,
  settings: ObservabilitySettings,
  metrics: Metrics,
): void {
  const instance = app.getHttpAdapter().getInstance();
  instance.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    void reply.header('x-request-id', request.id);
    storage.run(new RequestLogScope(request), done);
  });
  instance.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const status = reply.statusCode;
    const durationMs = Math.round(reply.elapsedTime * 10) / 10;
    metrics.httpDuration.observe({ method: request.method, route, status_code: String(status) }, durationMs / 1000);
    const line = {
      reqId: request.id,
      ...identityOf(request),
      method: request.method,
      route,
      ...(route === UNMATCHED_ROUTE ? { path: request.url.split('?')[0].slice(0, 200) } : {}),
      status,
      durationMs,
    };
    const log = accessLogger();
    if (status >= 500) log.error(line, 'request');
    else log.info(line, 'request');
    done();
  });
  instance.get('/metrics', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!scrapeAllowed(settings.metricsToken, request.headers.authorization))
      return reply.status(401).send({ statusCode: 401, result: 'A valid metrics token is required' });
    const text = await metrics.render();
    return reply.header('content-type', METRICS_CONTENT_TYPE).header('cache-control', 'no-store').send(text);
  });
}
