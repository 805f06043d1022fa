import { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-body';

/** A NUL, or a surrogate that is not part of a pair. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Input contains characters that are not allowed';

/**
 * PostgreSQL stores neither a NUL character (in text or jsonb) nor half of a UTF-16 surrogate
 * pair (in jsonb); such a string would reach the database and fail there as a 500. No field of
 * either surface has a use for them, so they are refused at the edge, before any handler runs.
 */
export function hasUnstorableText(value: unknown): boolean {
  // Iterative, so no nesting depth can overflow the stack; the body limit bounds the work.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) return true;
    } else if (Array.isArray(item)) {
      for (const inner of item) pending.push(inner);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) pending.push(key, inner);
    }
  }
  return false;
}

/** Fastify `preValidation` hook: answers 400 for a body, query or path parameter holding such text. */
export async function refuseUnstorableText(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (![request.body, request.query, request.params].some((part) => hasUnstorableText(part))) return undefined;
  // Returning the reply after sending ends the request here (Fastify's async-hook contract).
  return reply.status(400).send(errorBody(400, UNSTORABLE_TEXT_MESSAGE));
}
