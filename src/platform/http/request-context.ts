import { randomUUID } from 'node:crypto';
import { FastifyRequest } from 'fastify';
import { Actor, EventMetadata } from '../event-store/event.types';

const MAX_HINT = 64;

/** Event metadata from the request: the server's own view of the client IP, a request id, the actor. */
export function metadataFrom(request: FastifyRequest, actor: Actor, extra: Partial<EventMetadata> = {}): EventMetadata {
  const requestId = String(request.id ?? randomUUID());
  const headerCorrelation = request.headers['x-correlation-id'];
  // The request's own id correlates its events unless the caller sent one: then it is not repeated (decision 0060).
  const correlation =
    typeof headerCorrelation === 'string' && headerCorrelation.length <= 100 && headerCorrelation !== requestId
      ? { correlationId: headerCorrelation }
      : {};
  const body = request.body as { ipaddress?: unknown } | undefined;
  const hint = typeof body?.ipaddress === 'string' && body.ipaddress ? body.ipaddress.slice(0, MAX_HINT) : undefined;
  return { actor, ...correlation, requestId, clientIp: request.ip, ...(hint ? { clientIpHint: hint } : {}), ...extra };
}

export const anonymous = (): Actor => ({ kind: 'anonymous', id: '-' });

export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' ? key : undefined;
}
