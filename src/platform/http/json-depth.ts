import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The deepest nesting of arrays and objects a JSON body may have. No call of either surface
 * needs more than a few levels (a settings value is the deepest: a list of objects); the
 * validation pipe and class-transformer recurse once per level, so thousands of levels used to
 * overflow the stack (a 500) and cost every other request on the event loop.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `Input is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

/**
 * The most values (members of objects and elements of arrays, counted together) JSON input may
 * hold. The largest input of either surface is a settings value or an admin record of a few dozen
 * fields; the validation pipe handles each member of an unexpected array or object on its own
 * (an error object per unknown key), so a 200 KiB array of 100,000 zeros used to cost 1.6 s of
 * the event loop.
 */
export const MAX_JSON_VALUES = 1000;

export const TOO_MANY_VALUES_MESSAGE = `Input has too many values (at most ${MAX_JSON_VALUES})`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;

function isJsonWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/**
 * What is wrong with the shape of JSON text, if anything: more than `maxDepth` arrays/objects
 * inside one another, or more than `maxValues` values (members and elements: one for each
 * container that is not empty, one more for each comma between them). One linear pass over the characters, no allocation: brackets and commas inside strings
 * are text and do not count. It does not validate the JSON (JSON.parse does that next); on malformed
 * text it may answer either way, and the parse then refuses it.
 */
export function jsonShapeProblem(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
  maxValues = MAX_JSON_VALUES,
): typeof TOO_DEEP_MESSAGE | typeof TOO_MANY_VALUES_MESSAGE | null {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > maxDepth) return TOO_DEEP_MESSAGE;
      let next = i + 1;
      while (next < text.length && isJsonWhitespace(text.charCodeAt(next))) next++;
      const first = text.charCodeAt(next);
      if (next < text.length && first !== CLOSE_BRACKET && first !== CLOSE_BRACE && ++values > maxValues)
        return TOO_MANY_VALUES_MESSAGE;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth--;
    } else if (c === COMMA) {
      if (++values > maxValues) return TOO_MANY_VALUES_MESSAGE;
    }
  }
  return null;
}

class JsonShapeError extends Error {
  readonly statusCode = 400;
}

type BodyParserDone = (error: Error | null, body?: unknown) => void;

/**
 * A JSON body parser that first scans the raw text for its shape and refuses with 400 a body nested
 * deeper than MAX_JSON_DEPTH or holding more than MAX_JSON_VALUES values, then hands it to Fastify's own parser (secure-json-parse, with its
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
    const problem = jsonShapeProblem(text);
    if (problem) {
      done(new JsonShapeError(problem));
      return;
    }
    parse(request, text, done);
  };
}
