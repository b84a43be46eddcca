import { expect, it } from 'vitest';
import { serverLinesMatching } from '../../test/support/server-sources.ts';
import { engineReadinessOf } from './engine-readiness.ts';

it('reads each engine’s readiness and the narrator’s adapter from the statuses /api/health lists', async () => {
  const statuses = async () => [
    { name: 'database', ready: true },
    { name: 'transcriber', adapter: 'local', ready: false, problem: 'The speech model is missing.' },
    { name: 'writer', adapter: 'openai', ready: true },
    { name: 'narrator', adapter: 'local', ready: true },
  ];
  expect(await engineReadinessOf(statuses)).toEqual({ transcriber: { ready: false }, writer: { ready: true }, narrator: { adapter: 'local' } });
});

it('counts an engine that is not listed as not known to be missing, and no narrator as none', async () => {
  expect(await engineReadinessOf(undefined)).toEqual({ transcriber: { ready: true }, writer: { ready: true }, narrator: { adapter: null } });
  expect((await engineReadinessOf(async () => [{ name: 'narrator', adapter: 'espeak', ready: true }])).narrator).toEqual({ adapter: null });
});

it('no endpoint asks an engine whether it is ready but through engineReadinessOf', () => {
  expect(serverLinesMatching(/engines\.\w+\.status\(\)/, { except: ['server/ai/health.ts'] })).toEqual([]);
});
