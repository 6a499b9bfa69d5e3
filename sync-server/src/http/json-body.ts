/**
 * JSON bodies: Fastify's own parser (prototype-poisoning keys removed, app.ts), behind a nesting
 * limit checked on the text before it is parsed. A document nested 100,000 deep parses, but
 * everything that walks it afterwards (validation, storing the refusal, writing the answer) may
 * overflow the stack: a 500 (issue 30). No document of the app nests more than a few levels.
 * The limit is far above that all the same: a push row nested a few hundred levels is still
 * refused on its own (invalid_document) while the rest of its batch lands (tests/server/fuzz).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** Deepest nesting of arrays and objects accepted in a JSON body (a push row's materials list is 5 deep). */
export const JSON_MAX_DEPTH = 512;

export const TOO_DEEP_MESSAGE = `O corpo da requisição tem listas ou objetos aninhados demais (no máximo ${JSON_MAX_DEPTH} níveis).`;

/** Whether a JSON text nests arrays/objects deeper than `max` (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, JSON_MAX_DEPTH)) return done(new AppError('invalid_request', TOO_DEEP_MESSAGE), undefined);
    parse(request, body as string, done);
  });
}
