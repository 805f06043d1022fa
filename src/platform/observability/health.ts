import { Controller, Get, Inject, Injectable, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheckResult, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rootLogger } from './logger';
import { Probes, RELAY_LAG_CAP } from './probes';
import { ObservabilitySettings } from './settings';

export const OBSERVABILITY_SETTINGS = Symbol('OBSERVABILITY_SETTINGS');

/** What readiness answers: `ok` (200) or `error` (503), and each check's state. */
export interface Readiness {
  status: 'ok' | 'error';
  checks: HealthCheckResult['details'];
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Readiness, through @nestjs/terminus: PostgreSQL and Redis answer within 1 s each (the probes'
 * own connections, so a hung database fails the check instead of hanging it), and the outbox relay
 * is less than HEALTH_MAX_RELAY_LAG events behind. The checks run at once: an answer within ~1 s
 * whatever the dependencies do.
 */
@Injectable()
export class HealthChecks {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    private readonly probes: Probes,
    @Inject(OBSERVABILITY_SETTINGS) private readonly settings: ObservabilitySettings,
  ) {}

  async readiness(): Promise<Readiness> {
    const database = async () => {
      const check = this.indicator.check('database');
      const started = Date.now();
      try {
        await this.probes.database();
        return check.up({ ms: Date.now() - started });
      } catch (error) {
        return check.down({ message: reason(error) });
      }
    };
    const redis = async () => {
      const check = this.indicator.check('redis');
      const started = Date.now();
      try {
        const pong = await this.probes.redisPing();
        return pong === null ? check.up({ configured: false }) : check.up({ ms: Date.now() - started });
      } catch (error) {
        return check.down({ message: reason(error) });
      }
    };
    const relay = async () => {
      const check = this.indicator.check('relay');
      const bound = this.settings.maxRelayLag;
      try {
        const lagEvents = await this.probes.relayLag(Math.min(bound + 1, RELAY_LAG_CAP));
        return lagEvents < bound
          ? check.up({ lagEvents, bound })
          : check.down({ lagEvents, bound, message: `the outbox relay is ${lagEvents} or more events behind` });
      } catch (error) {
        return check.down({ bound, message: reason(error) });
      }
    };
    try {
      const result = await this.health.check([database, redis, relay]);
      return { status: 'ok', checks: result.details };
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const result = error.getResponse() as HealthCheckResult;
      rootLogger().warn({ checks: result.details }, 'not ready');
      return { status: 'error', checks: result.details };
    }
  }
}

/** The API's liveness probe: 200 `{"status":"ok"}` while the process serves. */
export const LIVE_PATH = '/api/health/live';
const LIVE_ANSWER = JSON.stringify({ status: 'ok' });

/**
 * `GET /api/health/live` as a plain Fastify route: it asks nothing of anything, so it has no use for
 * Nest's router, guards, pipes and interceptors, nor for compression (15 bytes); it still gets every
 * answer's hooks (request id, security headers, CORS, the request histogram). Registered before
 * compression (which applies to the routes registered after it) and before Nest's own routes
 * (decision 0058).
 */
export function registerLiveProbe(instance: FastifyInstance): void {
  instance.get(LIVE_PATH, (_request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('content-type', 'application/json; charset=utf-8').send(LIVE_ANSWER);
  });
}

/**
 * `/api/health/ready` and `/api/health`: readiness, 200 or 503 `{ status: "error", checks: { database,
 * redis, relay } }`. (`/api/health/live` is registerLiveProbe's.)
 */
@ApiExcludeController()
@Controller('api/health')
export class HealthController {
  constructor(private readonly checks: HealthChecks) {}

  @Get('ready')
  ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness> {
    return this.answer(reply);
  }

  @Get()
  health(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness> {
    return this.answer(reply);
  }

  private async answer(reply: FastifyReply): Promise<Readiness> {
    const readiness = await this.checks.readiness();
    void reply.status(readiness.status === 'ok' ? 200 : 503).header('cache-control', 'no-store');
    return readiness;
  }
}
