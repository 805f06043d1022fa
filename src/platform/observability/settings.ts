import { levels } from 'pino';

/** What an operator sets for logs, health and metrics (README's configuration table). */
export interface ObservabilitySettings {
  /** LOG_LEVEL: pino's level names (fatal, error, warn, info, debug, trace, silent); default info. */
  logLevel: string;
  /** METRICS_TOKEN: when set, `/metrics` answers only to `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /** WORKER_HEALTH_PORT: where the worker serves its health and metrics (default 9465; 0 picks a free port). */
  workerHealthPort: number;
  /** HEALTH_MAX_RELAY_LAG: events the outbox relay may be behind before readiness fails (default 10000). */
  maxRelayLag: number;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max)
    throw new Error(`${name} must be a whole number up to ${max}, got "${raw}"`);
  return Number(raw);
}

/** Parsed once at start; a malformed value stops the process with the variable's name. */
export function observabilitySettings(env: NodeJS.ProcessEnv = process.env): ObservabilitySettings {
  const logLevel = (env.LOG_LEVEL || 'info').toLowerCase();
  if (logLevel !== 'silent' && !(logLevel in levels.values))
    throw new Error(
      `LOG_LEVEL must be one of ${[...Object.keys(levels.values), 'silent'].join(', ')}, got "${env.LOG_LEVEL}"`,
    );
  const metricsToken = env.METRICS_TOKEN || null;
  if (metricsToken !== null && metricsToken.length < 16)
    throw new Error('METRICS_TOKEN must be at least 16 characters when set');
  return {
    logLevel,
    metricsToken,
    // Tests run many workers side by side: each on a free port unless told otherwise.
    workerHealthPort: wholeNumber(env, 'WORKER_HEALTH_PORT', env.NODE_ENV === 'test' ? 0 : 9465, 65535),
    maxRelayLag: wholeNumber(env, 'HEALTH_MAX_RELAY_LAG', 10_000),
  };
}
