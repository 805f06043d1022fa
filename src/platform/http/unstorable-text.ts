import { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-body';

/** A surrogate that is not part of a pair (NUL, the other unstorable character, is a control character below). */
const UNSTORABLE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Every control character (general category Cc: C0, DEL, C1): a single-line field has no use for any of them. */
const CONTROL = /\p{Cc}/u;
/** The control characters other than line breaks (LF, CR) and tab, refused even in a multi-line field. */
const CONTROL_BUT_LINES = /(?![\n\r\t])\p{Cc}/u;

/**
 * Fields typed in a multi-line box (admin remarks, the e-pin request's note, a help-desk query, the
 * desk's reply `message`, a news item's `content`):
 * their values may hold line breaks and tabs. Every other field, key, query value and path id is
 * a single line.
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['remark', 'note', 'query', 'message', 'content']);

export const UNSTORABLE_TEXT_MESSAGE = 'Input contains characters that are not allowed';
export const UNSAFE_NUMBER_MESSAGE = `Numbers must lie between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`;

/**
 * What the edge refuses in any input, wherever it sits, before any handler runs:
 * - text PostgreSQL cannot store (a NUL in text or jsonb, half a UTF-16 surrogate pair in jsonb),
 *   which would fail there as a 500;
 * - control characters (a CR LF in an email is a header injection; an escape sequence in a name is
 *   a terminal attack on whoever reads the logs); line breaks and tab only in MULTILINE_FIELDS;
 * - a JSON number past 2^53: JSON.parse has already rounded it, so the server cannot know what was
 *   sent, and as an id or quantity it would overflow PostgreSQL's integers.
 * Returns the message of the first problem found, or null.
 */
export function inputRefusal(value: unknown): string | null {
  // Iterative, so no nesting depth can overflow the stack; the body limit bounds the work.
  const pending: Array<{ item: unknown; multiline: boolean }> = [{ item: value, multiline: false }];
  while (pending.length > 0) {
    const { item, multiline } = pending.pop()!;
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item) || (multiline ? CONTROL_BUT_LINES : CONTROL).test(item)) return UNSTORABLE_TEXT_MESSAGE;
    } else if (typeof item === 'number') {
      if (!(Math.abs(item) <= Number.MAX_SAFE_INTEGER)) return UNSAFE_NUMBER_MESSAGE;
    } else if (Array.isArray(item)) {
      for (const inner of item) pending.push({ item: inner, multiline });
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item))
        pending.push({ item: key, multiline: false }, { item: inner, multiline: MULTILINE_FIELDS.has(key) });
    }
  }
  return null;
}

/** Fastify `preValidation` hook: answers 400 for a body, query or path parameter `inputRefusal` refuses. */
export async function refuseBadInput(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  for (const part of [request.body, request.query, request.params]) {
    const problem = inputRefusal(part);
    // Returning the reply after sending ends the request here (Fastify's async-hook contract).
    if (problem) return reply.status(400).send(errorBody(400, problem));
  }
  return undefined;
}
