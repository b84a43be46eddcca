import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Sends e-mail after the answer went out, so an answer takes as long whatever the e-mail
 * does (whether an address has an account must not show in the timing). A failure is
 * logged; closing the server waits for what is still being sent.
 */
export function mailInBackground(app: FastifyInstance) {
  const sending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(sending);
  });
  return (log: FastifyBaseLogger, what: string, work: () => Promise<unknown>): void => {
    const done: Promise<void> = Promise.resolve()
      .then(work)
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, `${what} failed`),
      )
      .finally(() => sending.delete(done));
    sending.add(done);
  };
}
