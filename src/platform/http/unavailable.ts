import { HttpException } from '@nestjs/common';
import { errorBody } from './error-body';

/** The answer to any call that cannot reach PostgreSQL or Redis (issue 19 §2): retryable, never a 401 or a 500. */
export const SERVICE_UNAVAILABLE_CODE = 'SERVICE.UNAVAILABLE';
export const SERVICE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again.';

export class ServiceUnavailable extends HttpException {
  constructor(readonly reason?: string) {
    super(errorBody(503, SERVICE_UNAVAILABLE_MESSAGE, SERVICE_UNAVAILABLE_CODE), 503);
  }
}

/**
 * SQLSTATEs that mean the database could not do the work now, not that the work was wrong:
 * connection exceptions (08…), shutdown / cannot connect now (57P01-57P03), statement timeout or
 * cancel (57014), idle-in-transaction timeout (25P03), too many connections (53300), out of memory or disk (53…).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|57014|25P03|53...)$/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** pg's and ioredis's own words for a connection that is gone, never came, or did not answer in time. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection is closed|enableOfflineQueue|Command timed out|Reached the max retries per request limit|connect ETIMEDOUT|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/** Whether `error` (or what it wraps) says PostgreSQL or Redis could not be reached or did not answer in time. */
export function isUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  if (error instanceof ServiceUnavailable) return true;
  const e = error as { code?: unknown; name?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_ERRNO.has(e.code))) return true;
  if (e.name === 'MaxRetriesPerRequestError') return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  // AggregateError (a host with several addresses refusing), TypeORM's wrapper, `cause` chains.
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.some((x) => isUnreachable(x, depth + 1))) return true;
  return isUnreachable(e.driverError, depth + 1) || isUnreachable(e.cause, depth + 1);
}
