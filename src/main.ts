import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import cluster from 'node:cluster';
import { superviseApiProcesses } from './api-processes';
import { createApiApp } from './app.factory';
import { loadConfig } from './config/config';
import { Logger } from 'nestjs-pino';
import { createRootLogger, rootLogger } from './platform/observability/logger';
import { WorkerModule } from './worker/worker.module';

/** One codebase, two roles: `--role=api` (default) serves HTTP; `--role=worker` runs the relay and queues. */
async function main(): Promise<void> {
  const role = process.argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length) ?? 'api';
  const config = loadConfig();
  if (role === 'worker') {
    createRootLogger({ role: 'worker' });
    const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
    app.useLogger(app.get(Logger));
    app.enableShutdownHooks();
    return;
  }
  if (role !== 'api') throw new Error(`unknown role "${role}" (use --role=api or --role=worker)`);
  if (config.apiProcesses > 1 && cluster.isPrimary) return superviseApiProcesses(config.apiProcesses);
  const app = await createApiApp();
  await app.listen(config.port, '0.0.0.0');
  rootLogger().info({ port: config.port }, `Sahyog API listening on ${config.publicUrl} (pid ${process.pid})`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
