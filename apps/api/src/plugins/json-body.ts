import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error';

/** Deepest nesting of arrays and objects a JSON body may have; our bodies need 3 or 4. */
const JSON_MAX_DEPTH = 32;
/** Largest JSON body: the longest form (a relay message) is a few kilobytes. */
const JSON_BODY_LIMIT = 256 * 1024;

const tooDeepMessage = `The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels).`;

/**
 * Whether `text` nests arrays and objects deeper than `max`, in one pass over its characters
 * (brackets inside strings do not count). Runs before JSON.parse, so a body of `[[[[...` costs
 * no more than a flat one of the same size, and nothing after the parser ever walks deep data.
 */
function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused, as before) behind a size and a depth
 * limit: a body over JSON_BODY_LIMIT is 413, one nested deeper than JSON_MAX_DEPTH is 400.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (nestedDeeperThan(text, JSON_MAX_DEPTH)) {
        request.log.info('Refused a JSON body nested too deeply');
        done(new HttpError(400, tooDeepMessage), undefined);
        return;
      }
      parse(request, text, done);
    },
  );
}
