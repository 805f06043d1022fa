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
 * desk's reply `message`, a news item's `content`), and a saved tree head's `signedMessage` (sent back
 * as POST /api/MyStatement's `since`, decision 0045): their values may hold line breaks and tabs. Every other field, key, query value and path id is
 * a single line.
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set([
  'remark',
  'note',
  'query',
  'message',
  'content',
  'signedMessage',
]);

export const UNSTORABLE_TEXT_MESSAGE = 'Input contains characters that are not allowed';
export const BIDI_CONTROL_MESSAGE =
  'Input contains invisible text-direction characters (U+202A to U+202E, U+2066 to U+2069), which are not allowed';
export const ZERO_WIDTH_MESSAGE =
  'Links, ids and UTRs may not contain invisible zero-width characters (U+200B to U+200D, U+2060, U+FEFF)';
export const RESERVED_KEY_MESSAGE =
  'Input contains a field name that is not allowed (toString, valueOf, constructor, __proto__ and the like)';

/**
 * Bidirectional embedding, override and isolate controls: they make text display in another order
 * than it is stored ("Trojan Source"), so a UTR, a link or a name could read as something else to the
 * admin who checks it. No field of either API has a use for them.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/**
 * Zero-width characters: invisible, so two ids or links that look the same differ. Refused in
 * identifiers, links and UTRs only: ZWJ and ZWNJ are part of how Hindi (and other Indic) names are
 * written, so names and free text keep them.
 */
export const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/;
/**
 * The fields whose values are identifiers, links or UTRs (by name: uid, sid, touid, bankid,
 * clientid, order_id, id, utr, utrno, epin, referby, owner, username, any *Url); path parameters and
 * query values are always identifiers here.
 */
export const IDENTIFIER_FIELD = /id$|^utr(?:no)?$|url$|^epin$|^referby$|^owner$|^username$/i;
/** Query parameters that carry JSON or free text (the admin lists' sort, range and filter, a search): checked by field name like a body. */
const FREE_TEXT_QUERY: ReadonlySet<string> = new Set(['filter', 'sort', 'range', 'q', 'search']);

/**
 * The names of Object.prototype's members. A JSON object holding one as its own key (`{"toString":"x"}`)
 * breaks every String(), template literal or `+ ''` applied to it (a TypeError, so a 500), and
 * `__proto__`/`constructor` are the keys of prototype pollution: no field of either API is named so.
 */
const RESERVED_KEYS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));
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
export function inputRefusal(value: unknown, allIdentifiers = false): string | null {
  // Iterative, so no nesting depth can overflow the stack; the body limit bounds the work.
  const pending: Array<{ item: unknown; multiline: boolean; identifier: boolean }> = [
    { item: value, multiline: false, identifier: allIdentifiers },
  ];
  while (pending.length > 0) {
    const { item, multiline, identifier } = pending.pop()!;
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item) || (multiline ? CONTROL_BUT_LINES : CONTROL).test(item)) return UNSTORABLE_TEXT_MESSAGE;
      if (BIDI_CONTROL.test(item)) return BIDI_CONTROL_MESSAGE;
      if (identifier && ZERO_WIDTH.test(item)) return ZERO_WIDTH_MESSAGE;
    } else if (typeof item === 'number') {
      if (!(Math.abs(item) <= Number.MAX_SAFE_INTEGER)) return UNSAFE_NUMBER_MESSAGE;
    } else if (Array.isArray(item)) {
      for (const inner of item) pending.push({ item: inner, multiline, identifier });
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (RESERVED_KEYS.has(key)) return RESERVED_KEY_MESSAGE;
        pending.push(
          { item: key, multiline: false, identifier: true },
          {
            item: inner,
            multiline: MULTILINE_FIELDS.has(key),
            identifier: (identifier && !FREE_TEXT_QUERY.has(key)) || IDENTIFIER_FIELD.test(key),
          },
        );
      }
    }
  }
  return null;
}

/** Fastify `preValidation` hook: answers 400 for a body, query or path parameter `inputRefusal` refuses. */
export async function refuseBadInput(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  // Query values and path parameters are ids, codes and dates here: no zero-width character has a place in them.
  for (const [part, allIdentifiers] of [
    [request.body, false],
    [request.query, true],
    [request.params, true],
  ] as const) {
    const problem = inputRefusal(part, allIdentifiers);
    // Returning the reply after sending ends the request here (Fastify's async-hook contract).
    if (problem) return reply.status(400).send(errorBody(400, problem));
  }
  return undefined;
}
