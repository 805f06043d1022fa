import { FastifyRequest } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import { storage } from 'nestjs-pino/storage';
import { RequestLogScope } from './http';
import { requestIdFrom, rootLogger } from './logger';
import { scrapeAllowed } from './metrics';
import { observabilitySettings } from './settings';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('keeps a bounded id of safe characters and replaces anything else by a new UUID', () => {
    for (const kept of ['abc', 'trace-1.2:3@x_y', 'x'.repeat(128), '0f8fad5b-d9cb-469f-a165-70867728950e'])
      expect(requestIdFrom(kept)).toBe(kept);
    for (const replaced of [undefined, '', 'a b', 'x'.repeat(129), 'evil;id', '<script>', 'line\nbreak', ['a', 'b']])
      expect(requestIdFrom(replaced)).toMatch(UUID);
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});

describe('metrics token', () => {
  it('lets every scrape in without a token, and only the exact bearer token with one', () => {
    expect(scrapeAllowed(null, undefined)).toBe(true);
    const token = 'a-metrics-token-of-length';
    expect(scrapeAllowed(token, `Bearer ${token}`)).toBe(true);
    for (const refused of [undefined, token, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, `Basic ${token}`, ['x']])
      expect(scrapeAllowed(token, refused)).toBe(false);
  });
});

describe('observability settings', () => {
  it('has defaults, and stops on a malformed value naming the variable', () => {
    expect(observabilitySettings({})).toEqual({
      logLevel: 'info',
      metricsToken: null,
      workerHealthPort: 9465,
      maxRelayLag: 10000,
    });
    expect(observabilitySettings({ NODE_ENV: 'test' }).workerHealthPort).toBe(0);
    expect(observabilitySettings({ LOG_LEVEL: 'DEBUG', HEALTH_MAX_RELAY_LAG: '5' })).toMatchObject({
      logLevel: 'debug',
      maxRelayLag: 5,
    });
    expect(() => observabilitySettings({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => observabilitySettings({ WORKER_HEALTH_PORT: '70000' })).toThrow(/WORKER_HEALTH_PORT/);
    expect(() => observabilitySettings({ HEALTH_MAX_RELAY_LAG: '-1' })).toThrow(/HEALTH_MAX_RELAY_LAG/);
    expect(() => observabilitySettings({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});

describe("a request's log lines", () => {
  it('carry its reqId, then its caller once authenticated, and what PinoLogger.assign adds', () => {
    const request = { id: 'req-1' } as unknown as FastifyRequest & { user?: { uid?: string; username?: string } };
    const logger = new PinoLogger({ pinoHttp: { logger: rootLogger() } });
    storage.run(new RequestLogScope(request), () => {
      expect(logger.logger.bindings()).toMatchObject({ reqId: 'req-1' });
      expect(logger.logger.bindings()).not.toHaveProperty('uid');
      request.user = { uid: '100000' };
      expect(logger.logger.bindings()).toMatchObject({ reqId: 'req-1', uid: '100000' });
      logger.assign({ step: 'x' });
      expect(logger.logger.bindings()).toMatchObject({ reqId: 'req-1', uid: '100000', step: 'x' });
    });
    const admin = { id: 'req-2', user: { username: 'superadmin' } } as unknown as FastifyRequest;
    storage.run(new RequestLogScope(admin), () =>
      expect(logger.logger.bindings()).toMatchObject({ reqId: 'req-2', admin: 'superadmin' }),
    );
  });
});
