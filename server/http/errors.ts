import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error whose status, code and message are safe to show the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * A 400 about one field of a request, in the JSON a schema's own refusal has and the client
 * reads (`{message: 'field: problem', code: 'validation', field}`): the client shows its
 * text for that field (client/src/api/errorText.ts).
 */
export const fieldError = (field: string, problem: string) => new HttpError(400, 'validation', `${field}: ${problem}`, field);

/** A 400 about the request as a whole (no one field to name): the client shows the form's general text. */
export const invalidRequest = (problem: string) => new HttpError(400, 'validation', problem);

export const notFound = (what = 'Not found') => new HttpError(404, 'not_found', what);
export const unauthorized = () => new HttpError(401, 'unauthorized', 'Unauthorized');

/** Turns every thrown error into `{message, code, field?}` without leaking internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code, field: error.field });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = fieldName(first.instancePath, error.validationContext);
      const problem = first.message ?? 'Invalid request';
      const refusal = field ? fieldError(field, problem) : invalidRequest(problem);
      return reply.status(400).send({ message: refusal.message, code: refusal.code, field: refusal.field });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ message: 'Too many requests. Please try again later.', code: 'rate_limited' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) have safe messages.
      return reply.status(status).send({ message: error.message, code: error.code?.toLowerCase() ?? 'bad_request' });
    }
    request.log.error(error);
    return reply.status(500).send({ message: 'Internal server error', code: 'internal' });
  });
}

function fieldName(instancePath: string | undefined, context: string | undefined): string | null {
  const path = instancePath?.replace(/^\//, '').replaceAll('/', '.');
  if (path) return path;
  return context && context !== 'body' ? context : null;
}
