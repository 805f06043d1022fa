import { NestFactory } from '@nestjs/core';
import { WorkerModule } from '../../src/worker/worker.module';
import { seedBasics } from './seed';
import { startTestApp, TestApp, testRedisUrl } from './test-app';

/**
 * The real API on a fresh database with the basics seeded, and the real worker (outbox relay,
 * BullMQ queues, processors) running beside it on the same database and Redis; `close()` stops
 * the worker first, then the API. `env` sets the worker's pace (its QUEUE_PREFIX keeps test files apart).
 */
export async function startTestAppWithWorker(env: Record<string, string>): Promise<TestApp> {
  const t = await startTestApp({ REDIS_URL: testRedisUrl(), ...env });
  await seedBasics(t.db.app);
  const worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
  await worker.init();
  return {
    ...t,
    async close() {
      await worker.close();
      await t.close();
    },
  };
}
