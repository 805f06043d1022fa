import { randomUUID } from 'node:crypto';
import pino, { Logger } from 'pino';
import { observabilitySettings } from './settings';

/**
 * Request and body fields whose values never reach a log line: credentials, second factors, tokens.
 * Log lines carry no bodies or headers by design; this list is the second line of defence for a
 * line that passes an object along (pino's redaction, censoring the value).
 */
const SECRET_FIELDS = [
  'password',
  'cpassword',
  'trans_password',
  'transPassword',
  'newPassword',
  'currentPassword',
  'oldPassword',
  'totp',
  'code',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'otp',
];
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-metrics-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

let root: Logger | undefined;
let access: Logger | undefined;

/**
 * The process's one logger: one JSON object per line on stdout (`level` as a name, `time` in ISO
 * 8601, `msg`), at LOG_LEVEL; pretty-printed only when stdout is a terminal (a person watching).
 * Lines are written asynchronously: while one write is in flight the next lines gather and go in
 * the next write, so a busy process makes one write per batch instead of one blocking write per
 * line (decision 0051); what is still buffered is written synchronously when the process exits.
 */
export function createRootLogger(options: { role: string; silent?: boolean }): Logger {
  const settings = observabilitySettings();
  const pretty = Boolean(process.stdout.isTTY) && !options.silent;
  root = pino(
    {
      level: options.silent ? 'silent' : settings.logLevel,
      base: { role: options.role, pid: process.pid },
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: pino.stdSerializers.err },
    },
    pretty
      ? pino.transport({ target: 'pino-pretty', options: { translateTime: 'SYS:standard' } })
      : options.silent
        ? undefined
        : pino.destination({ dest: process.stdout.fd, sync: false }),
  );
  access = undefined;
  return root;
}

/**
 * The root logger without redaction, for the access line only (observability/http.ts): that line
 * is built field by field from named values (request id, method, route pattern, status, duration,
 * the caller's uid or admin name, an unmatched path without its query) and carries no object a
 * secret could hide in, so the redaction pass — wildcard paths walked over every field of every
 * line, the largest part of a cheap request's logging cost — buys it nothing (decision 0051).
 */
export function accessLogger(): Logger {
  access ??= rootLogger().child({}, { redact: [] });
  return access;
}

/** The logger createRootLogger made (a silent one before that, e.g. in a unit test). */
export function rootLogger(): Logger {
  root ??= pino({ level: 'silent' });
  return root;
}

/** A request id as a client or a proxy may send it: bounded, and only characters safe in a log line and a header. */
const REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * The request's id: the `X-Request-Id` it came with, when that is a safe, bounded token (a proxy's
 * or a caller's trace id), else a new UUID — unique across processes and restarts, unlike a counter.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}
