import { FastifyRequest } from 'fastify';
import { MemberPrincipal } from '../../modules/identity';
import { EventMetadata } from '../../platform/event-store/event.types';
import { metadataFrom } from '../../platform/http/request-context';

/**
 * Event metadata for a signed-in member's request. In an impersonated session ("Log in as") the
 * actor is the admin and `impersonatedBy` names them, so every action records who really did it.
 */
export function memberMetadata(
  request: FastifyRequest,
  member: MemberPrincipal,
  idempotencyKey?: string,
): EventMetadata {
  const actor = member.impersonatedBy
    ? { kind: 'admin' as const, id: member.impersonatedBy }
    : { kind: 'member' as const, id: member.uid };
  return metadataFrom(request, actor, {
    ...(member.impersonatedBy ? { impersonatedBy: member.impersonatedBy } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}
