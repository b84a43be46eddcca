import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '../../contract/auth.ts';
import { serverLinesMatching } from '../../test/support/server-sources.ts';
import { fieldError, invalidRequest, registerErrorHandling } from './errors.ts';

/** The JSON of a schema's own refusal of `{ title: 5 }`, of fieldError('title', ...) and of invalidRequest(...). */
async function answers() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.post('/by-schema', { schema: { body: z.object({ title: z.string() }) } }, async () => 'kept');
  app.post('/by-hand', async () => {
    throw fieldError('title', 'Invalid input: expected string, received number');
  });
  app.post('/whole', async () => {
    throw invalidRequest('The chunk is empty');
  });
  try {
    const ask = async (url: string) => {
      const response = await app.inject({ method: 'POST', url, payload: { title: 5 } });
      return { status: response.statusCode, body: response.json() };
    };
    return { bySchema: await ask('/by-schema'), byHand: await ask('/by-hand'), whole: await ask('/whole') };
  } finally {
    await app.close();
  }
}

describe('a field error', () => {
  it('is the same JSON as a schema’s own refusal, which the client reads by its field', async () => {
    const { bySchema, byHand, whole } = await answers();
    expect(byHand).toEqual(bySchema);
    expect(byHand).toEqual({ status: 400, body: { message: 'title: Invalid input: expected string, received number', code: 'validation', field: 'title' } });
    expect(apiErrorSchema.parse(byHand.body)).toMatchObject({ code: 'validation', field: 'title' });
    expect(whole).toEqual({ status: 400, body: { message: 'The chunk is empty', code: 'validation' } });
  });
});

it('no server file makes a validation 400 by hand', () => {
  expect(serverLinesMatching(/HttpError\(\s*400,\s*'validation'/, { except: ['server/http/errors.ts'] })).toEqual([]);
});
