import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The deepest nesting of arrays and objects a JSON body may have. No call of either surface
 * needs more than a few levels (a settings value is the deepest: a list of objects); the
 * validation pipe and class-transformer recurse once per level, so thousands of levels used to
 * overflow the stack (a 500) and cost every other request on the event loop.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `Input is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text opens more than `limit` arrays/objects inside one another. One linear pass
 * over the characters, no allocation: brackets inside strings are text and do not count. It does
 * not validate the JSON (JSON.parse does that next); on malformed text it may answer either way,
 * and the parse then refuses it.
 */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

class TooDeepError extends Error {
  readonly statusCode = 400;
  constructor() {
    super(TOO_DEEP_MESSAGE);
  }
}

type BodyParserDone = (error: Error | null, body?: unknown) => void;

/**
 * A JSON body parser that first scans the raw text for its depth and refuses a body nested deeper
 * than MAX_JSON_DEPTH with 400, then hands it to Fastify's own parser (secure-json-parse, with its
 * prototype-poisoning checks). The body limit applies before either runs.
 */
export function depthCheckedJsonParser(
  instance: FastifyInstance,
): (request: FastifyRequest, body: Buffer, done: BodyParserDone) => void {
  const parse = instance.getDefaultJsonParser(
    instance.initialConfig.onProtoPoisoning ?? 'error',
    instance.initialConfig.onConstructorPoisoning ?? 'error',
  );
  return (request, body, done) => {
    const text = body.toString('utf8');
    if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new TooDeepError());
      return;
    }
    parse(request, text, done);
  };
}
