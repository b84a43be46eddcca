import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../audio/ffmpeg.ts';
import { clipDir, encodeClip } from '../../test/support/audio-clips.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { startSecondServer, startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { recordings } from '../db/schema.ts';

// Upload quotas, set low here: 4 recordings an hour and 2.5 clips of stored audio per
// account; 2 contributions an hour and 1.5 clips per co-author link. The hour's counts are
// tested with a short clip, far within the stored-audio caps.
let server: TestApp;
let clips: { dir: string; remove: () => Promise<void> };
let clip: Buffer;
let short: Buffer;
let ownTmp: string;
const sharedTmp = process.env.TMPDIR;
const MB = 1024 * 1024;

let env: Record<string, string>;
beforeAll(async () => {
  clips = await clipDir();
  clip = readFileSync(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
  const shortFile = path.join(clips.dir, 'short.webm');
  const made = await runFfmpeg(['-v', 'error', '-y', '-i', CLIPS.jfk, '-t', '2', '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', shortFile], { timeoutMs: 30_000 });
  if (made.exitCode !== 0) throw new Error(made.stderr);
  short = readFileSync(shortFile);
  expect(short.length * 5).toBeLessThan(clip.length);
  // The upload's temporary files go here, so the test can see they are gone.
  ownTmp = mkdtempSync(path.join(clips.dir, 'tmp-'));
  process.env.TMPDIR = ownTmp;
  env = {
    LOGIN_RATE_LIMIT: '1000',
    CONTRIBUTION_RATE_LIMIT: '1000',
    TRUST_PROXY: 'true',
    UPLOADS_PER_HOUR: '4',
    ACCOUNT_AUDIO_MB: String((2.5 * clip.length) / MB),
    LINK_UPLOADS_PER_HOUR: '2',
    LINK_AUDIO_MB: String((1.5 * clip.length) / MB),
  };
  server = await startTestApp(env);
});
afterAll(async () => {
  if (sharedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = sharedTmp;
  await server?.close();
  await clips?.remove();
});

function form(audio: Buffer, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries({ appLanguage: 'en', ...fields })) body.append(name, value);
  body.append('audio', new Blob([new Uint8Array(audio)], { type: 'audio/webm' }), `recording-${Date.now()}.webm`);
  return body;
}

/** The whole clip, or the short one (`short`) for the tests of the hour's count. */
const upload = (client: HttpClient, to = '/api/recordings', { audio = clip, headers = {} }: { audio?: Buffer; headers?: Record<string, string> } = {}) =>
  client.request('POST', to, form(audio), headers);

async function expectRefused(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ code });
}

const recordingCount = async (userId: string) => (await server.database.db.select().from(recordings).where(eq(recordings.userId, userId))).length;
const leftoverUploads = () => readdirSync(ownTmp).filter((name) => name.startsWith('saaga-upload-'));

describe("an account's uploads", () => {
  it('are four an hour over every upload path, counted before the body is read and across servers', async () => {
    const { client, id } = await signedUpClient(server.url, 'busy@example.com');
    const seed = seeder(server.database.db, server.store);
    const story = await seed.story(id);
    const person = await seed.person(id, 'Anna');
    const place = await seed.place(id, 'Tampere');
    for (const to of ['/api/recordings', `/api/stories/${story.id}/recordings`, `/api/people/${person.id}/recordings`, `/api/places/${place.id}/recordings`]) {
      expect((await upload(client, to, { audio: short })).status, to).toBe(201);
    }

    const refused = await upload(client, '/api/recordings', { audio: short });
    await expectRefused(refused, 429, 'upload_limit');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Refused before the form is read: a body that is no form at all gets the same answer.
    await expectRefused(await client.post('/api/recordings', { not: 'a form' }), 429, 'upload_limit');
    await expectRefused(await upload(client, `/api/people/${person.id}/recordings`, { audio: short }), 429, 'upload_limit');
    // Another server counts in the same database.
    const second = await startSecondServer(server, env);
    try {
      await expectRefused(await upload(client, `${second.url}/api/recordings`, { audio: short, headers: { origin: second.url } }), 429, 'upload_limit');
    } finally {
      await second.close();
    }
    expect(await recordingCount(id)).toBe(4);
    expect(leftoverUploads()).toEqual([]);

    // Someone else's hour is their own.
    const { client: other } = await signedUpClient(server.url, 'calm@example.com');
    expect((await upload(other, '/api/recordings', { audio: short })).status).toBe(201);
  });

  it('store at most their audio cap: the upload that would pass it is refused and nothing of it kept', async () => {
    const { client, id } = await signedUpClient(server.url, 'full@example.com');
    expect((await upload(client)).status).toBe(201);
    const second = await upload(client);
    expect(second.status).toBe(201);
    await expectRefused(await upload(client), 413, 'storage_limit');
    expect(await recordingCount(id)).toBe(2);
    expect(leftoverUploads()).toEqual([]);

    // Deleting a recording makes room again.
    const { recording } = await second.json();
    expect((await client.request('DELETE', `/api/recordings/${recording.id}`)).status).toBe(204);
    expect((await upload(client)).status).toBe(201);
  });
});

describe("a co-author link's contributions", () => {
  /** A link to a new story of a new owner. */
  async function linkOf(email: string) {
    const { client: owner, id: ownerId } = await signedUpClient(server.url, email);
    const story = await seeder(server.database.db, server.store).story(ownerId);
    const response = await owner.post(`/api/stories/${story.id}/co-author-token`);
    expect(response.status).toBe(201);
    return { owner, ownerId, token: (await response.json()).token as string };
  }

  /** A contribution from a browser at `address`. */
  const contribute = (token: string, address: string, audio = clip) => {
    const body = form(audio, { contributorName: `Guest ${address}` });
    return new HttpClient(server.url).request('POST', `/api/co-author/${token}/recordings`, body, { 'x-forwarded-for': address });
  };

  it('are two an hour per link from any number of addresses, and count for the owner too', async () => {
    const { owner, ownerId, token } = await linkOf('shared@example.com');
    expect((await contribute(token, '10.0.0.1', short)).status).toBe(201);
    expect((await contribute(token, '10.0.0.2', short)).status).toBe(201);
    for (const address of ['10.0.0.3', '10.0.0.4', '10.0.0.5']) {
      await expectRefused(await contribute(token, address, short), 429, 'contribution_limit');
    }
    expect(await recordingCount(ownerId)).toBe(2);
    expect(leftoverUploads()).toEqual([]);

    // The two contributions were two of the owner's four an hour (the refused ones were not).
    expect((await upload(owner, '/api/recordings', { audio: short })).status).toBe(201);
    expect((await upload(owner, '/api/recordings', { audio: short })).status).toBe(201);
    await expectRefused(await upload(owner, '/api/recordings', { audio: short }), 429, 'upload_limit');
  });

  it("store at most the link's audio cap, and the owner's stored audio counts what came through it", async () => {
    const { owner, ownerId, token } = await linkOf('storied@example.com');
    expect((await contribute(token, '10.0.1.1')).status).toBe(201);
    await expectRefused(await contribute(token, '10.0.1.2'), 413, 'contribution_storage_limit');
    expect(await recordingCount(ownerId)).toBe(1);

    // The owner's cap (2.5 clips) has room for one more of their own, not two.
    expect((await upload(owner)).status).toBe(201);
    await expectRefused(await upload(owner), 413, 'storage_limit');
    expect(leftoverUploads()).toEqual([]);
  });
});
