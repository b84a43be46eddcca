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
      const field = fieldName(first.instancePath, error.validationContext) ?? undefined;
      const message = field ? `${field}: ${first.message}` : first.message;
      return reply.status(400).send({ message: message ?? 'Invalid request', code: 'validation', field });
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
