import { Controller, Get, Inject, Injectable, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheckResult, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { FastifyReply } from 'fastify';
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

/**
 * `/api/health/live`: 200 while the process serves (nothing else is asked). `/api/health/ready` and
 * `/api/health`: readiness, 200 or 503 `{ status: "error", checks: { database, redis, relay } }`.
 */
@ApiExcludeController()
@Controller('api/health')
export class HealthController {
  constructor(private readonly checks: HealthChecks) {}

  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

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
