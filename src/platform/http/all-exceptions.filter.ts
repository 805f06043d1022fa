import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger, NotFoundException } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { inputErrorFromSql } from '../db/sql-errors';
import { DomainError, ErrorKind } from '../errors';
import { errorBody } from './error-body';
import { isUnreachable, SERVICE_UNAVAILABLE_CODE, SERVICE_UNAVAILABLE_MESSAGE } from './unavailable';

const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many': 429,
  business: 422,
};

function firstMessage(response: unknown, fallback: string): string {
  if (typeof response === 'string') return response;
  const r = response as { result?: unknown; message?: unknown };
  if (typeof r?.result === 'string') return r.result;
  if (Array.isArray(r?.message) && typeof r.message[0] === 'string') return r.message[0];
  if (typeof r?.message === 'string') return r.message;
  return fallback;
}

/**
 * Maps every error to `{statusCode, result, message}`. Domain errors carry their status through
 * their kind; framework errors keep theirs; anything else is a bug: logged in full, answered 500
 * without internals.
 */
/** A web app's HTML page for a GET that no route or file answered (body and its headers), or null. */
export type SpaFallback = (request: {
  method: string;
  url: string;
  acceptEncoding: string | undefined;
  /** The Cookie header: member-web's language cookie picks the language of a prerendered page. */
  cookie?: string | undefined;
}) => { body: Buffer; headers: Record<string, string> } | null;

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  constructor(private readonly spaFallback?: SpaFallback) {}

  catch(thrown: unknown, host: ArgumentsHost): void {
    // Text PostgreSQL could not store is the caller's bad input (400), not a bug.
    const exception = inputErrorFromSql(thrown) ?? thrown;
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof NotFoundException && this.spaFallback) {
      const request = host.switchToHttp().getRequest<FastifyRequest>();
      const page = this.spaFallback({
        method: request.method,
        url: request.url,
        acceptEncoding: request.headers['accept-encoding'],
        cookie: request.headers.cookie,
      });
      if (page !== null) {
        void reply.status(200).headers(page.headers).send(page.body);
        return;
      }
    }
    if (isUnreachable(exception)) {
      // PostgreSQL or Redis down, frozen or timing out: a retryable 503, never a 401 or a 500 (issue 19 §2).
      this.logger.warn(
        `dependency unavailable: ${(exception as { reason?: string }).reason ?? (exception as Error).message}`,
      );
      void reply
        .status(503)
        .header('Retry-After', '5')
        .send(errorBody(503, SERVICE_UNAVAILABLE_MESSAGE, SERVICE_UNAVAILABLE_CODE));
      return;
    }
    if (exception instanceof DomainError) {
      const status = STATUS_OF[exception.kind];
      void reply.status(status).send(errorBody(status, exception.message, exception.code));
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      void reply.status(status).send(errorBody(status, firstMessage(exception.getResponse(), exception.message)));
      return;
    }
    const fastifyError = exception as { statusCode?: number; message?: string; validation?: unknown };
    if (
      typeof fastifyError?.statusCode === 'number' &&
      fastifyError.statusCode >= 400 &&
      fastifyError.statusCode < 500
    ) {
      // Fastify's own refusals: malformed JSON, wrong content type, body too large.
      void reply
        .status(fastifyError.statusCode)
        .send(errorBody(fastifyError.statusCode, fastifyError.message || 'Bad request'));
      return;
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    void reply.status(500).send(errorBody(500, 'Something went wrong. Please try again.'));
  }
}
