import { DynamicModule, Inject, Module, OnApplicationShutdown, Provider } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { HealthChecks, HealthController, OBSERVABILITY_SETTINGS } from './health';
import { rootLogger } from './logger';
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

/**
 * nestjs-pino over the process's root logger: Nest's own lines and request-scoped lines as JSON. Its
 * pino-http middleware is applied to no route: the access line is ours (one line with the route
 * pattern), and so is the request's scope with `reqId` and the caller (http.ts, RequestLogScope),
 * made only when the request writes a line (decision 0051).
 */
const logging = () =>
  LoggerModule.forRootAsync({
    useFactory: () => ({ pinoHttp: { logger: rootLogger(), autoLogging: false }, forRoutes: [] }),
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
      providers: common('api'),
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
