import { DynamicModule, Inject, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig, loadConfig } from '../config/config';
import { createDataSource, Database } from './db/database';
import { DatabaseWatchdog } from './db/watchdog';
import { Ledger } from './ledger';
import { Projection, ProjectionRunner } from './projections/projection';
import { LedgerKeys } from './event-store/signing';
import { RateLimitStore } from './http/rate-limit.store';

/**
 * Configuration, the application-role connection pool, and the ledger: shared by every module.
 * The projections come from the caller (the app's list in modules/projections.ts), so platform/
 * imports no module.
 */
@Module({})
export class PlatformModule implements OnApplicationBootstrap, OnApplicationShutdown {
  static forRoot(projections: readonly Projection[]): DynamicModule {
    return {
      module: PlatformModule,
      global: true,
      providers: [
        { provide: APP_CONFIG, useFactory: () => loadConfig() },
        {
          provide: DataSource,
          inject: [APP_CONFIG],
          useFactory: async (config: AppConfig) =>
            createDataSource(config.appDatabaseUrl, {
              applicationName: 'sahyog-app',
              poolSize: config.db.poolSize,
              limits: config.db,
            }).initialize(),
        },
        {
          provide: DatabaseWatchdog,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => new DatabaseWatchdog(config.appDatabaseUrl),
        },
        {
          provide: Database,
          inject: [DataSource, DatabaseWatchdog],
          useFactory: (ds: DataSource, watchdog: DatabaseWatchdog) => new Database(ds, watchdog),
        },
        { provide: ProjectionRunner, useFactory: () => new ProjectionRunner(projections) },
        { provide: LedgerKeys, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LedgerKeys(config.ledger) },
        {
          provide: Ledger,
          inject: [Database, ProjectionRunner],
          useFactory: (db: Database, runner: ProjectionRunner) => new Ledger(db, runner),
        },
        RateLimitStore,
      ],
      exports: [APP_CONFIG, DataSource, Database, ProjectionRunner, Ledger, LedgerKeys, RateLimitStore],
    };
  }

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(DatabaseWatchdog) private readonly watchdog: DatabaseWatchdog,
  ) {}

  onApplicationBootstrap(): void {
    this.watchdog.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.watchdog.stop();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
