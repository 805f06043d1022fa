import { DynamicModule, Inject, Module, OnApplicationShutdown, Provider } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { HealthChecks, HealthController, OBSERVABILITY_SETTINGS } from './health';
import { requestIdFrom, rootLogger } from './logger';
import { LogIdentityInterceptor } from './http';
import { Metrics } from './metrics';
import { Probes } from './probes';
import { observabilitySettings } from './settings';
import { WorkerHealthServer } from './worker-health';

const common = (role: 'api' | 'worker'): Provider[] => [
  { provide: OBSERVABILITY_SETTINGS, useFactory: () => observabilitySettings() },
  {
    provide: Probes,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) => new Probes(config.appDatabaseUrl, config.redis, config.queuePrefix),
  },
  { provide: Metrics, inject: [Probes], useFactory: (probes: Probes) => new Metrics(probes, role) },
  HealthChecks,
];

/** nestjs-pino over the process's root logger: Nest's own lines and request-scoped lines as JSON, with `reqId`. */
const logging = () =>
  LoggerModule.forRootAsync({
    useFactory: () => ({
      pinoHttp: {
        logger: rootLogger(),
        // The access line is ours (one line with the route pattern, see http.ts), not pino-http's.
        autoLogging: false,
        quietReqLogger: true,
        genReqId: (req) => (req as { id?: string }).id ?? requestIdFrom(req.headers['x-request-id']),
      },
    }),
  });

/** Health, logs and metrics (issue 19 §3), one folder: the API's and the worker's wiring. */
@Module({})
export class ObservabilityModule implements OnApplicationShutdown {
  static forApi(): DynamicModule {
    return {
      module: ObservabilityModule,
      global: true,
      imports: [TerminusModule.forRoot({ logger: false }), logging()],
      controllers: [HealthController],
      providers: [...common('api'), { provide: APP_INTERCEPTOR, useClass: LogIdentityInterceptor }],
      exports: [Metrics, OBSERVABILITY_SETTINGS, HealthChecks],
    };
  }

  static forWorker(): DynamicModule {
    return {
      module: ObservabilityModule,
      global: true,
      imports: [TerminusModule.forRoot({ logger: false }), logging()],
      providers: [...common('worker'), WorkerHealthServer],
      exports: [Metrics, OBSERVABILITY_SETTINGS, HealthChecks, WorkerHealthServer],
    };
  }

  constructor(@Inject(Probes) private readonly probes: Probes) {}

  async onApplicationShutdown(): Promise<void> {
    await this.probes.close();
  }
}
