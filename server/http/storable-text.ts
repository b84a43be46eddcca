import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * What PostgreSQL's text and jsonb cannot hold: U+0000, and half of a UTF-16 pair without
 * its other half (no UTF-8 spells it). A string with one would fail in the database (a 500)
 * or be stored changed.
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const invalidText = (field?: string) =>
  new HttpError(400, 'invalid_text', `${field ? `${field}: ` : ''}The text contains a character that cannot be saved (such as U+0000).`, field);

/**
 * Refuses a value holding a string (or an object key) that cannot be stored, however deep;
 * walked without recursion, so a body nested a million levels deep is no stack overflow.
 */
export function refuseUnstorableText(value: unknown, field?: string): void {
  const pending: Array<{ value: unknown; path: string | undefined }> = [{ value, path: field }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) throw invalidText(path);
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, path: path ? `${path}.${index}` : String(index) }));
    } else if (isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (UNSTORABLE.test(key)) throw invalidText(path);
        pending.push({ value: item, path: path ? `${path}.${key}` : key });
      }
    }
  }
}

/** JSON's objects, and the query's and path's (of prototypes of their own); never bytes or a stream. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  return !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer) && typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/**
 * One rule for every route (issue 24): the path's and the query's text before anything is
 * read (after the session check and the rate limits, which run at onRequest), the JSON
 * body's once parsed, before any validation or handler. Multipart fields are read by the
 * upload form, which applies the same rule to each field as it arrives.
 */
export function registerStorableTextRule(app: FastifyInstance): void {
  app.addHook('preParsing', async (request) => {
    refuseUnstorableText(request.params);
    refuseUnstorableText(request.query);
  });
  app.addHook('preValidation', async (request) => {
    refuseUnstorableText(request.body);
  });
}
