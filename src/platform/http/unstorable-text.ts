import { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-body';

/** Nesting followed when scanning an input; deeper inputs are refused by the DTOs anyway. */
const MAX_DEPTH = 8;

/** A NUL, or a surrogate that is not part of a pair. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Input contains characters that are not allowed';

/**
 * PostgreSQL stores neither a NUL character (in text or jsonb) nor half of a UTF-16 surrogate
 * pair (in jsonb); such a string would reach the database and fail there as a 500. No field of
 * either surface has a use for them, so they are refused at the edge, before any handler runs.
 */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => hasUnstorableText(key, depth) || hasUnstorableText(item, depth + 1));
}

/** Fastify `preValidation` hook: answers 400 for a body, query or path parameter holding such text. */
export async function refuseUnstorableText(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (![request.body, request.query, request.params].some((part) => hasUnstorableText(part))) return undefined;
  // Returning the reply after sending ends the request here (Fastify's async-hook contract).
  return reply.status(400).send(errorBody(400, UNSTORABLE_TEXT_MESSAGE));
}
