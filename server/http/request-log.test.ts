import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { newSecretToken } from './secret-tokens.ts';
import { OneLinePerRequest, withoutSecrets } from './request-log.ts';

it('cuts every secret token in a logged address to four characters, and nothing else', () => {
  const token = newSecretToken();
  const other = newSecretToken();
  expect(withoutSecrets(`/api/listen/${token}/audio/12`)).toBe(`/api/listen/${token.slice(0, 4)}…/audio/12`);
  expect(withoutSecrets(`/listen/${token}`)).toBe(`/listen/${token.slice(0, 4)}…`);
  expect(withoutSecrets(`/api/co-author/${token}/photos/3?size=thumb`)).toBe(`/api/co-author/${token.slice(0, 4)}…/photos/3?size=thumb`);
  expect(withoutSecrets(`/reset-password?token=${other}`)).toBe(`/reset-password?token=${other.slice(0, 4)}…`);
  // Ids, slugs and shorter or longer words are left as they are.
  for (const url of ['/api/stories/123', '/published/a-summer-at-the-lake', '/api/photos/8f14e45f-ceea-467f-a0e6-2a8c3c6d1b2e', `/x/${token}a`]) {
    expect(withoutSecrets(url)).toBe(url);
  }
});

it("writes the request's line without the token in its path", async () => {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } }, logController: new OneLinePerRequest() });
  app.get('/api/listen/:token', async () => ({ ok: true }));
  const token = newSecretToken();
  await app.inject({ method: 'GET', url: `/api/listen/${token}` });
  await app.close();
  const completed = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'request completed');
  expect(completed.req).toMatchObject({ method: 'GET', url: `/api/listen/${token.slice(0, 4)}…` });
  expect(lines.join('')).not.toContain(token);
});
