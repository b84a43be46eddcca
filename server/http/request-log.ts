import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request, written once it is answered, with what Fastify's two lines held
 * (its "incoming request" and "request completed"): under load the first line was half the
 * logging's cost. It is still there at LOG_LEVEL=debug, to find a request that never ends.
 * Errors are logged as Fastify logs them.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: loggedRequest(request) }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || this.isLogDisabled(request)) return super.requestCompleted(error, request, reply);
    reply.log.info({ req: loggedRequest(request), res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

// A secret token in a path (newSecretToken: 43 base64url characters) is a credential: a
// co-author's, a family invitation's, a printed book's listening link.
const SECRET_TOKEN = /(?<=[/=])([A-Za-z0-9_-]{4})[A-Za-z0-9_-]{39}(?=$|[/?&#])/g;

/** The address as the log keeps it: each secret token cut to its first four characters, enough to tell two apart. */
export const withoutSecrets = (url: string): string => url.replace(SECRET_TOKEN, '$1…');

/** What Fastify's request serializer reads, with the address's secrets cut. */
function loggedRequest(request: FastifyRequest) {
  return { method: request.method, url: withoutSecrets(request.url), headers: request.headers, host: request.host, ip: request.ip, socket: request.socket };
}
