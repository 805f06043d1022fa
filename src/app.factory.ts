import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { parse as parseForm } from 'node:querystring';
import { AppModule } from './app.module';
import { MemberApiModule } from './api/member/member-api.module';
import { loadConfig } from './config/config';
import { AllExceptionsFilter } from './platform/http/all-exceptions.filter';
import { registerCompression, registerWebApps, spaFallback } from './platform/http/web-apps';
import { refuseBadInput } from './platform/http/unstorable-text';
import { depthCheckedJsonParser } from './platform/http/json-depth';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { Database } from './platform/db/database';
import { assertTransactionIdsAhead } from './platform/event-store/ledger-order';
import { createValidationPipe } from './platform/http/validation';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import { createRootLogger } from './platform/observability/logger';
import { fastifyRequestId, registerHttpObservability } from './platform/observability/http';
import { Metrics } from './platform/observability/metrics';
import { registerLiveProbe } from './platform/observability/health';
import { observabilitySettings } from './platform/observability/settings';

/** Request bodies larger than this are refused with 413 before any parsing. */
const BODY_LIMIT_BYTES = 256 * 1024;

/** Builds the API: validation, error mapping, OpenAPI at /api/docs, and the two web apps. */
export async function createApiApp(
  options: {
    /** false: no log lines at all (tests); otherwise JSON lines at LOG_LEVEL. */
    logger?: false;
    root?: string;
  } = {},
): Promise<NestFastifyApplication> {
  const config = loadConfig();
  const root = options.root ?? process.cwd();
  // Logs: JSON lines through pino (LOG_LEVEL); `logger: false` (tests) silences them.
  const settings = observabilitySettings();
  createRootLogger({ role: 'api', silent: options.logger === false });
  const adapter = new FastifyAdapter({
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: fastifyRequestId,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, {
    logger: options.logger === false ? false : undefined,
    bufferLogs: options.logger !== false,
  });
  if (options.logger !== false) app.useLogger(app.get(PinoNestLogger));
  const instance = app.getHttpAdapter().getInstance();
  // Request ids, the access line, the request histogram and /metrics, before any route is added.
  registerHttpObservability(app, settings, app.get(Metrics));
  registerLiveProbe(instance);
  // Nest's own two parsers, except that JSON nested too deep is refused before it is parsed.
  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT_BYTES }, depthCheckedJsonParser(instance));
  app.useBodyParser('application/x-www-form-urlencoded', { bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, parseForm(body.toString())),
  );
  instance.addHook('preValidation', refuseBadInput);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter(spaFallback(root)));
  registerSecurityHeaders(app, config);
  // The built files first: compression applies to the routes registered after it (see web-apps.ts).
  await registerWebApps(app, root);
  await registerCompression(app);

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Sahyog member contract')
      .setDescription("The member API under /api: the original product's calls, with identity taken from the JWT.")
      .setVersion('1')
      .addBearerAuth()
      .build(),
    { include: [MemberApiModule] },
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  app.enableShutdownHooks();
  await app.init();
  // Before the first append: new events must sort after the stored ones (see ledger-order.ts).
  await assertTransactionIdsAhead((text) => app.get(Database).query(text)).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
