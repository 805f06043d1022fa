import 'reflect-metadata';
import cluster from 'node:cluster';
import { superviseApiProcesses } from './api-processes';
import { loadConfig } from './config/config';
import { createRootLogger, rootLogger } from './platform/observability/logger';

/**
 * One codebase, two roles: `--role=api` (default) serves HTTP; `--role=worker` runs the relay and queues.
 * The application's modules are loaded only by the process that runs them: the API's cluster primary
 * forks its processes without loading them first (that cost each start ~1.5 s of CPU before any fork;
 * decision 0051).
 */
async function main(): Promise<void> {
  const role = process.argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length) ?? 'api';
  const config = loadConfig();
  if (role === 'worker') {
    createRootLogger({ role: 'worker' });
    const [{ NestFactory }, { Logger }, { WorkerModule }] = await Promise.all([
      import('@nestjs/core'),
      import('nestjs-pino'),
      import('./worker/worker.module'),
    ]);
    const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
    app.useLogger(app.get(Logger));
    app.enableShutdownHooks();
    return;
  }
  if (role !== 'api') throw new Error(`unknown role "${role}" (use --role=api or --role=worker)`);
  if (config.apiProcesses > 1 && cluster.isPrimary) return superviseApiProcesses(config.apiProcesses);
  const { createApiApp } = await import('./app.factory');
  const app = await createApiApp();
  await app.listen(config.port, '0.0.0.0');
  rootLogger().info({ port: config.port }, `Sahyog API listening on ${config.publicUrl} (pid ${process.pid})`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
