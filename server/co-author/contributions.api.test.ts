import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTRIBUTOR_KEY_HEADER,
  CONTRIBUTOR_KEY_PATTERN,
  contributionResultSchema,
  coAuthorViewSchema,
  type CoAuthorView,
} from '../../contract/co-author.ts';
import { RECORDING_LIMITS } from '../../contract/recording-limits.ts';
import { clipDir, silenceClip } from '../../test/support/audio-clips.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { HttpClient, signedUpClient, uploadForm } from '../../test/support/http-client.ts';
import { settledStory, waitFor } from '../../test/support/pipeline.ts';
import { seeder } from '../../test/support/seed.ts';
import { CLIPS, clipTranscript } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { type FakeOpenAi, sampleFromSchema, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { recordings, stories, users } from '../db/schema.ts';
import { until } from '../../test/support/wait-for.ts';

// The link holder's side: the story and its contributions, a recording added through the
// owner's own upload path and transcribed by the pipeline, and deleting only one's own.
const ENGLISH = clipTranscript(CLIPS.english);
/** How long background work may take before a test gives up. */
const SETTLED = 30_000;
const WRITTEN = { title: 'The lake', content: 'We rowed across the lake every morning.', people: [], locations: [], dates: [], storyType: 'other' };

let fake: FakeOpenAi;
let server: TestApp;
let owner: HttpClient;
let ownerId: string;
let seed: ReturnType<typeof seeder>;
let englishWav: Buffer;
let clips: { dir: string; remove: () => Promise<void> };

/** This file's own temporary folder (TMPDIR), so the uploads under way here can be seen. */
let ownTmp: string;
const sharedTmp = process.env.TMPDIR;
const uploadsUnderWay = () => readdirSync(ownTmp).filter((name) => name.startsWith('saaga-upload-'));

beforeAll(async () => {
  fake = await startFakeOpenAi();
  clips = await clipDir();
  ownTmp = mkdtempSync(path.join(clips.dir, 'tmp-'));
  process.env.TMPDIR = ownTmp;
  englishWav = readFileSync(CLIPS.english);
  // Polling the view is many reads a minute; the limits have their own test.
  server = await startTestApp(
    { LOGIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '100000', CONTRIBUTION_RATE_LIMIT: '100000' },
    { engines: fakeOpenAiEngines(fake) },
  );
  ({ client: owner, id: ownerId } = await signedUpClient(server.url, 'owner@example.com'));
  seed = seeder(server.database.db, server.store);
});
beforeEachFake();
afterAll(async () => {
  if (sharedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = sharedTmp;
  await server?.close();
  await fake?.close();
  await clips?.remove();
});

function beforeEachFake() {
  afterEach(() => {
    const refused = [...fake.refused];
    fake.reset();
    expect(refused).toEqual([]);
    expect(server.backgroundErrors).toEqual([]);
  });
}

/** A browser holding the link: no session, its own key once it has one. */
class Contributor {
  readonly http = new HttpClient(server.url);
  constructor(
    readonly token: string,
    public key: string | null = null,
  ) {}
  private headers = (): Record<string, string> => (this.key ? { [CONTRIBUTOR_KEY_HEADER]: this.key } : {});
  view = () => this.http.get(`/api/co-author/${this.token}`, this.headers());
  async viewed(): Promise<CoAuthorView> {
    const response = await this.view();
    expect(response.status).toBe(200);
    return coAuthorViewSchema.parse(await response.json());
  }
  upload = (fields: Record<string, string>, audio: Buffer | null = englishWav, filename = 'recording-1.wav') =>
    uploadForm(this.http, `/api/co-author/${this.token}/recordings`, fields, audio ? { bytes: audio, filename, type: 'audio/wav' } : undefined);
  /** Uploads as `name`, keeping the key the server gives. */
  async contribute(name: string) {
    const form = new FormData();
    form.append('contributorName', name);
    form.append('audio', new Blob([new Uint8Array(englishWav)], { type: 'audio/wav' }), 'recording-1.wav');
    const response = await this.http.request('POST', `/api/co-author/${this.token}/recordings`, form, this.headers());
    expect(response.status, await response.clone().text()).toBe(201);
    const result = contributionResultSchema.parse(await response.json());
    this.key = result.contributorKey;
    return result;
  }
  delete = (id: number | string, body: unknown) => this.http.request('DELETE', `/api/co-author/${this.token}/recordings/${id}`, body, this.headers());
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const recordingRow = async (id: number) => (await server.database.db.select().from(recordings).where(eq(recordings.id, id)))[0];
const storyRow = async (id: number) => (await server.database.db.select().from(stories).where(eq(stories.id, id)))[0];
const recordingCount = async () => (await server.database.db.select({ id: recordings.id }).from(recordings)).length;

/** A written story of the owner's with a link and one recording of the owner's own. */
async function sharedStory(fields: Partial<typeof stories.$inferInsert> = {}) {
  const story = await seed.story(ownerId, { title: 'Summers at the lake', content: 'We rowed across the lake every morning.', ...fields });
  const own = await seed.recording(ownerId, { storyId: story.id, transcription: 'My own words about the lake.' });
  const link = await seed.coAuthorToken(ownerId, story.id);
  return { story, own, link };
}

/** A contribution as if made earlier through `link` by the browser whose key is `key`. */
const seededContribution = (storyId: number, tokenId: number | null, name: string, key: string, fields: Partial<typeof recordings.$inferInsert> = {}) =>
  seed.recording(ownerId, { storyId, contributorName: name, coAuthorTokenId: tokenId, contributorKeyHash: sha256(key), ...fields });
const aKey = () => randomBytes(32).toString('base64url');

describe('the link', () => {
  it.each([
    ['a token of the wrong shape', 'not-a-token'],
    ['a well-formed token nobody was given', randomBytes(32).toString('base64url')],
  ])('refuses %s with invalid_token on every call', async (_name, token) => {
    const stranger = new Contributor(token);
    for (const response of [await stranger.view(), await stranger.upload({ contributorName: 'Pekka' }), await stranger.delete(1, { contributorName: 'Pekka' })]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: 'invalid_token', message: 'Invalid or expired collaboration token' });
    }
  });
});

describe('the view', () => {
  it("shows the story, the owner's name and the contributions newest first; never the owner's own recordings", async () => {
    const { story, own, link } = await sharedStory({ language: 'fi' });
    const key = aKey();
    const older = await seededContribution(story.id, link.id, 'Pekka', key, { createdAt: new Date('2024-05-01T10:00:00Z') });
    const newer = await seededContribution(story.id, link.id, 'Liisa', aKey(), { createdAt: new Date('2024-06-01T10:00:00Z') });
    // Made through a link since revoked: still a contribution of this story.
    const earlier = await seededContribution(story.id, null, 'Matti', aKey(), { createdAt: new Date('2024-04-01T10:00:00Z') });
    const otherStory = await sharedStory();
    await seededContribution(otherStory.story.id, otherStory.link.id, 'Pekka', key);

    const response = await new Contributor(link.token, key).view();
    expect(response.headers.get('cache-control')).toBe('no-store');
    const view = await response.json();
    expect(Object.keys(view).sort()).toEqual(['ownerName', 'photos', 'recordings', 'story']);
    expect(view.story).toEqual({ title: 'Summers at the lake', content: 'We rowed across the lake every morning.', language: 'fi' });
    expect(view.ownerName).toBe('Aino');
    expect(view.recordings.map((r: { id: number }) => r.id)).toEqual([newer.id, older.id, earlier.id]);
    expect(view.recordings.map((r: { id: number }) => r.id)).not.toContain(own.id);
    expect(view.recordings[1]).toEqual({
      id: older.id,
      contributorName: 'Pekka',
      transcription: older.transcription,
      processingStatus: 'transcribed',
      duration: 12.5,
      createdAt: '2024-05-01T10:00:00.000Z',
      mine: true,
    });
    expect(view.recordings.map((r: { mine: boolean }) => r.mine)).toEqual([false, true, false]);
    expect(JSON.stringify(view)).not.toMatch(/owner@example\.com|My own words|audioKey|userId/);
  });

  it("marks nothing as mine without this browser's key, and names the owner by their author name when they set one", async () => {
    const { story, link } = await sharedStory();
    await seededContribution(story.id, link.id, 'Pekka', aKey());
    await owner.put('/api/auth/author-name', { authorName: 'Aino Virtanen' });
    try {
      for (const key of [null, aKey(), 'too-short']) {
        const view = await new Contributor(link.token, key).viewed();
        expect(view.recordings.map((r) => r.mine), String(key)).toEqual([false]);
        expect(view.ownerName).toBe('Aino Virtanen');
      }
    } finally {
      await owner.put('/api/auth/author-name', { authorName: '' });
    }
  });

  it('names no owner when they gave neither an author name nor a first name', async () => {
    const { client, id } = await signedUpClient(server.url, 'nameless@example.com');
    await server.database.db.update(users).set({ firstName: null }).where(eq(users.id, id));
    const story = await seed.story(id);
    const link = await seed.coAuthorToken(id, story.id);
    expect((await new Contributor(link.token).viewed()).ownerName).toBeNull();
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });
});

describe('adding a recording', () => {
  it('goes through the pipeline in the story\'s language, as the owner\'s recording with the contributor\'s name, and marks the story', async () => {
    const { story, link } = await sharedStory({ language: 'fi' });
    fake.setTranscript(ENGLISH);
    const browser = new Contributor(link.token);
    // The browser's own language and model choices are not the contributor's to make.
    const form = new FormData();
    form.append('contributorName', '  Pekka  ');
    form.append('appLanguage', 'en');
    form.append('transcriptionModel', 'whisper-1');
    form.append('questionId', 'follow-up:1');
    form.append('audio', new Blob([new Uint8Array(englishWav)], { type: 'audio/wav' }), 'recording-1.wav');
    const response = await browser.http.request('POST', `/api/co-author/${link.token}/recordings`, form);
    expect(response.status).toBe(201);
    const result = contributionResultSchema.parse(await response.json());
    expect(result.contributorKey).toMatch(CONTRIBUTOR_KEY_PATTERN);
    expect(result.recording).toMatchObject({ contributorName: 'Pekka', processingStatus: 'uploaded', mine: true });
    expect(result.recording.duration).toBeGreaterThan(1);
    browser.key = result.contributorKey;

    const row = await recordingRow(result.recording.id);
    expect(row).toMatchObject({ userId: ownerId, storyId: story.id, contributorName: 'Pekka', coAuthorTokenId: link.id, questionId: null });
    expect(row.contributorKeyHash).toBe(sha256(result.contributorKey));
    expect(row.settings).toMatchObject({ language: 'fi', contextType: 'story' });
    expect(row.settings.transcriptionModel).toBeUndefined();
    expect(await server.store.size(row.audioKey)).toBe(englishWav.length);
    expect(await storyRow(story.id)).toMatchObject({ hasNewRecordings: true, processingStatus: 'generated' });

    const settled = await waitFor(
      () => browser.viewed(),
      (view) => view.recordings.some((r) => r.id === result.recording.id && ['transcribed', 'failed'].includes(r.processingStatus)),
      SETTLED,
    );
    expect(settled.recordings.find((r) => r.id === result.recording.id)).toMatchObject({ processingStatus: 'transcribed', transcription: ENGLISH, mine: true });
    expect(fake.requestsTo('transcriptions').at(-1)?.fields?.language).toBe('fi');

    // The owner sees it among the story's recordings and on the recordings list, with the name for the badge.
    const withRecordings = await (await owner.get(`/api/stories/${story.id}/with-recordings`)).json();
    expect(withRecordings.hasNewRecordings).toBe(true);
    expect(withRecordings.recordings.find((r: { id: number }) => r.id === row.id)).toMatchObject({ contributorName: 'Pekka', transcription: ENGLISH });
    const cards = await (await owner.get('/api/recordings')).json();
    expect(cards.find((r: { id: number }) => r.id === row.id)).toMatchObject({ contributorName: 'Pekka', storyId: story.id });
    expect((await owner.get(`/api/recordings/${row.id}/audio`)).status).toBe(200);
    // The story was not rewritten behind the owner's back.
    expect(await storyRow(story.id)).toMatchObject({ content: 'We rowed across the lake every morning.', processingStatus: 'generated' });
  });

  it('keeps the key a browser sent, and makes a new one for a browser that sent none or a bad one', async () => {
    const { link } = await sharedStory();
    const first = new Contributor(link.token);
    const { contributorKey } = await first.contribute('Pekka');
    const second = await first.contribute('Pekka');
    expect(second.contributorKey).toBe(contributorKey);
    expect(second.recording.mine).toBe(true);

    const other = new Contributor(link.token, 'not a key');
    const theirs = await other.contribute('Liisa');
    expect(theirs.contributorKey).not.toBe(contributorKey);
    expect(theirs.contributorKey).toMatch(CONTRIBUTOR_KEY_PATTERN);
    const mine = (await first.viewed()).recordings.filter((r) => r.mine).map((r) => r.contributorName);
    expect(mine).toEqual(['Pekka', 'Pekka']);
  });

  it.each([
    ['no name at all', { contributorName: undefined, first: true }],
    ['a blank name before the audio', { contributorName: '   ', first: true }],
    ['a blank name after the audio', { contributorName: ' ', first: false }],
    ['an empty name', { contributorName: '', first: true }],
    ['a name longer than a name', { contributorName: 'P'.repeat(101), first: true }],
  ])('refuses %s with name_required and stores nothing', async (_name, { contributorName, first }) => {
    const { story, link } = await sharedStory();
    const before = await recordingCount();
    const form = new FormData();
    if (first && contributorName !== undefined) form.append('contributorName', contributorName);
    form.append('audio', new Blob([new Uint8Array(englishWav)], { type: 'audio/wav' }), 'recording-1.wav');
    if (!first && contributorName !== undefined) form.append('contributorName', contributorName);
    const response = await new Contributor(link.token).http.request('POST', `/api/co-author/${link.token}/recordings`, form);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'name_required', message: 'Please enter your name to upload recordings' });
    expect(await recordingCount()).toBe(before);
    expect((await storyRow(story.id)).hasNewRecordings).toBe(false);
  });

  it('refuses a blank name sent before the audio without taking the audio: not even its size is looked at', async () => {
    const { link } = await sharedStory();
    const huge = Buffer.concat([englishWav, Buffer.alloc(RECORDING_LIMITS.maxUploadBytes + 1024 * 1024)]);
    const blankFirst = await new Contributor(link.token).upload({ contributorName: ' ' }, huge);
    expect(blankFirst.status).toBe(400);
    expect((await blankFirst.json()).code).toBe('name_required');
  });

  it('refuses what the owner\'s upload refuses: too large, not audio, too short; nothing stored', async () => {
    const { story, link } = await sharedStory();
    const browser = new Contributor(link.token);
    const before = await recordingCount();
    const huge = Buffer.concat([englishWav, Buffer.alloc(RECORDING_LIMITS.maxUploadBytes + 1024 * 1024)]);
    const cases: [Buffer, number, string][] = [
      [huge, 413, 'too_large'],
      [Buffer.from('#EXTM3U\n#EXTINF:10,\n/etc/passwd\n'), 400, 'unprocessable_audio'],
      [Buffer.from('just some text, not audio at all'), 400, 'unprocessable_audio'],
      [readFileSync(await silenceClip(0.4, clips.dir, 'short.wav')), 400, 'too_short'],
    ];
    for (const [bytes, status, code] of cases) {
      const response = await browser.upload({ contributorName: 'Pekka' }, bytes);
      expect(response.status, code).toBe(status);
      expect((await response.json()).code).toBe(code);
    }
    expect(await recordingCount()).toBe(before);
    expect((await storyRow(story.id)).hasNewRecordings).toBe(false);
    // The link still works.
    expect((await browser.upload({ contributorName: 'Pekka' })).status).toBe(201);
  });

  it('refuses an upload another site makes the browser send', async () => {
    const { link } = await sharedStory();
    const before = await recordingCount();
    const elsewhere = new HttpClient(server.url, 'https://evil.example');
    const response = await uploadForm(elsewhere, `/api/co-author/${link.token}/recordings`, { contributorName: 'Pekka' }, { bytes: englishWav, filename: 'r.wav' });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe('forbidden_origin');
    expect(await recordingCount()).toBe(before);
  });

  it('keeps nothing when the link is revoked while the audio is on its way, and says the link is gone', async () => {
    const { story, link } = await sharedStory();
    const before = await recordingCount();
    const boundary = 'revoked-meanwhile';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="contributorName"\r\n\r\nPekka\r\n`
        + `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="r.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const half = Math.floor(englishWav.length / 2);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${server.url}/api/co-author/${link.token}/recordings`, {
        method: 'POST',
        headers: { origin: server.url, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + englishWav.length + tail.length) },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.write(Buffer.concat([head, englishWav.subarray(0, half)]));
      // Once the server is taking the audio, the owner revokes the link; then the rest arrives.
      void until(() => uploadsUnderWay().length > 0, 10_000, 'the upload to start spooling')
        .then(() => owner.request('DELETE', `/api/co-author-tokens/${link.id}`))
        .then((revoked) => {
          expect(revoked.status).toBe(204);
          request.end(Buffer.concat([englishWav.subarray(half), tail]));
        })
        .catch(reject);
    });
    const { status, body } = await answer;
    expect(status).toBe(404);
    expect(JSON.parse(body)).toMatchObject({ code: 'invalid_token' });
    expect(await recordingCount()).toBe(before);
    expect((await storyRow(story.id)).hasNewRecordings).toBe(false);
    const kept: string[] = [];
    for await (const blob of server.store.list(`users/${ownerId}/recordings/`)) kept.push(blob.key);
    const known = (await server.database.db.select({ audioKey: recordings.audioKey }).from(recordings)).map((r) => r.audioKey);
    expect(kept.filter((key) => !known.includes(key))).toEqual([]);
  });

  it('cannot reach another story, even one of the same owner', async () => {
    const { link } = await sharedStory();
    const other = await sharedStory();
    const { recording } = await new Contributor(link.token).contribute('Pekka');
    expect((await recordingRow(recording.id)).storyId).not.toBe(other.story.id);
    expect((await new Contributor(other.link.token).viewed()).recordings).toEqual([]);
  });
});

describe('deleting a contribution', () => {
  it("deletes one's own, with the name it was made under, from the browser that made it; the audio goes too", async () => {
    const { story, link } = await sharedStory();
    const browser = new Contributor(link.token);
    const { recording } = await browser.contribute('Pekka');
    const { audioKey } = await recordingRow(recording.id);

    const blank = await browser.delete(recording.id, { contributorName: '  ' });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ code: 'name_required', message: 'Please enter your name to delete recordings' });
    const noBody = await browser.delete(recording.id, undefined);
    expect(noBody.status).toBe(400);
    expect((await noBody.json()).code).toBe('name_required');

    const response = await browser.delete(recording.id, { contributorName: ' Pekka ' });
    expect(response.status).toBe(204);
    expect(await recordingRow(recording.id)).toBeUndefined();
    expect(await server.store.size(audioKey)).toBeNull();
    expect((await browser.viewed()).recordings.map((r) => r.id)).not.toContain(recording.id);
    expect((await owner.get(`/api/stories/${story.id}/with-recordings`)).status).toBe(200);
  });

  it('will not delete what another browser made, even under the same name', async () => {
    const { link } = await sharedStory();
    const { recording } = await new Contributor(link.token).contribute('Pekka');
    for (const stranger of [new Contributor(link.token), new Contributor(link.token, aKey())]) {
      const response = await stranger.delete(recording.id, { contributorName: 'Pekka' });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: 'not_found', message: 'Recording not found' });
    }
    // Nor does the owner's session make a link holder of them.
    expect((await owner.request('DELETE', `/api/co-author/${link.token}/recordings/${recording.id}`, { contributorName: 'Pekka' })).status).toBe(404);
    expect(await recordingRow(recording.id)).toBeDefined();
  });

  it('will not delete under another name, even from the browser that made it', async () => {
    const { link } = await sharedStory();
    const browser = new Contributor(link.token);
    const { recording } = await browser.contribute('Pekka');
    for (const name of ['Liisa', 'pekka', 'Pekka Virtanen']) {
      const response = await browser.delete(recording.id, { contributorName: name });
      expect(response.status, name).toBe(404);
    }
    expect(await recordingRow(recording.id)).toBeDefined();
  });

  it("never deletes the owner's own recordings, nor another story's, nor one made through a revoked link", async () => {
    const { story, own, link } = await sharedStory();
    const key = aKey();
    const browser = new Contributor(link.token, key);
    const other = await sharedStory();
    const elsewhere = await seededContribution(other.story.id, other.link.id, 'Pekka', key);
    const orphaned = await seededContribution(story.id, null, 'Pekka', key);
    for (const id of [own.id, other.own.id, elsewhere.id, orphaned.id]) {
      const response = await browser.delete(id, { contributorName: 'Pekka' });
      expect(response.status, String(id)).toBe(404);
      expect(await recordingRow(id)).toBeDefined();
    }
    for (const id of ['abc', '0', '-1', '99999999999', '1.5']) {
      expect((await browser.delete(id, { contributorName: 'Pekka' })).status, id).toBe(404);
    }
  });
});

describe('the owner regenerating the story', () => {
  it("sends the writer each contribution's transcript under its contributor's name", async () => {
    const { story, link } = await sharedStory({ language: 'en' });
    fake.setTranscript(ENGLISH);
    fake.setChatReply((request) => (request.schemaName === 'story' ? WRITTEN : sampleFromSchema(request.schema)));
    const browser = new Contributor(link.token);
    const { recording } = await browser.contribute('Pekka');
    await waitFor(() => browser.viewed(), (view) => view.recordings.some((r) => r.id === recording.id && r.processingStatus === 'transcribed'), SETTLED);

    const response = await owner.post(`/api/stories/${story.id}/regenerate`, { style: 'auto' });
    expect(response.status).toBe(200);
    expect(await settledStory(owner, story.id, SETTLED)).toMatchObject({ processingStatus: 'generated', hasNewRecordings: false });

    const writing = fake.requestsTo('chat').find((r) => r.json?.response_format?.json_schema?.name === 'story');
    const prompt = (writing?.json?.messages as { content: string }[]).map((m) => m.content).join('\n');
    expect(prompt).toContain(`Recording 2 (spoken by Pekka):\n"""\n${ENGLISH}\n"""`);
    expect(prompt).toMatch(/Recording 1:\n"""\nMy own words about the lake\.\n"""/);
  });
});

