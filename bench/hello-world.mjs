// The baseline of the storm bench's throughput (issue 22 §2): a Fastify hello-world on PORT with
// PROCESSES processes on one port (node:cluster), as the API runs API_PROCESSES. Started and stopped by
// scripts/bench.mjs.
import cluster from 'node:cluster';
import Fastify from 'fastify';

const processes = Math.max(1, Number(process.env.PROCESSES) || 1);
const port = Number(process.env.PORT);

if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i++) cluster.fork();
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  app.post('/', async () => ({ hello: 'world' }));
  await app.listen({ port, host: '127.0.0.1' });
}
