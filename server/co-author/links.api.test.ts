import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COAUTHOR_TOKEN_PATTERN, coAuthorTokenSchema, coAuthorViewSchema } from '../../contract/co-author.ts';
import { HttpClient, ownerAndStranger } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { coAuthorTokens, recordings } from '../db/schema.ts';

// The owner's side of a co-author link: made once per story, listed, revoked; nobody
// else's, and nothing without a session.
let server: TestApp;
let owner: HttpClient;
let ownerId: string;
let stranger: HttpClient;
let strangerId: string;
let seed: ReturnType<typeof seeder>;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  ({ owner, ownerId, stranger, strangerId } = await ownerAndStranger(server.url));
  seed = seeder(server.database.db, server.store);
});
afterAll(() => server?.close());

const createLink = async (client: HttpClient, storyId: number) => {
  const response = await client.post(`/api/stories/${storyId}/co-author-token`);
  return { status: response.status, body: await response.json() };
};
const deleteLink = (client: HttpClient, id: number | string) => client.request('DELETE', `/api/co-author-tokens/${id}`);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('creating the link', () => {
  it('makes one long random token, answers 201 with its page address, then the same link with 200', async () => {
    const story = await seed.story(ownerId);
    const first = await createLink(owner, story.id);
    expect(first.status).toBe(201);
    const link = coAuthorTokenSchema.parse(first.body);
    expect(link.token!.length).toBeGreaterThanOrEqual(43);
    expect(link.token).toMatch(COAUTHOR_TOKEN_PATTERN);
    expect(link.url).toBe(`${server.url}/co-author/${link.token}`);
    const [stored] = await server.database.db.select().from(coAuthorTokens).where(eq(coAuthorTokens.storyId, story.id));
    expect(stored).toMatchObject({ id: link.id, tokenHash: sha256(link.token!), userId: ownerId });

    // Made already: the same link, whose token is not kept to be given again.
    const again = await createLink(owner, story.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, token: null, url: null });
    expect(await server.database.db.select().from(coAuthorTokens).where(eq(coAuthorTokens.storyId, story.id))).toHaveLength(1);
  });

  it('gives every story its own token, unlike any other', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) tokens.add((await createLink(owner, (await seed.story(ownerId)).id)).body.token);
    expect(tokens.size).toBe(5);
  });

  it('makes one link when two presses arrive at once', async () => {
    const story = await seed.story(ownerId);
    const both = await Promise.all([createLink(owner, story.id), createLink(owner, story.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both[0].body.id).toBe(both[1].body.id);
  });

  it("is a 404 for another owner's story, and makes nothing", async () => {
    const story = await seed.story(ownerId);
    const response = await stranger.post(`/api/stories/${story.id}/co-author-token`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
    expect(await server.database.db.select().from(coAuthorTokens).where(eq(coAuthorTokens.storyId, story.id))).toEqual([]);
  });

  it('names the public address when one is set (behind a proxy), not the one the request came to', async () => {
    const proxied = await startTestApp({ LOGIN_RATE_LIMIT: '1000', PUBLIC_URL: 'https://saaga.example' });
    try {
      // A browser there sends the public origin.
      const client = new HttpClient(proxied.url, 'https://saaga.example');
      await client.post('/api/auth/local/sign-up', { email: 'proxied@example.com', password: 'long enough password', firstName: 'Aino' });
      const signIn = await client.post('/api/auth/local/sign-in', { email: 'proxied@example.com', password: 'long enough password' });
      const story = await seeder(proxied.database.db).story((await signIn.json()).id);
      const { status, body } = await createLink(client, story.id);
      expect(status).toBe(201);
      expect(body.url).toBe(`https://saaga.example/co-author/${body.token}`);
    } finally {
      await proxied.close();
    }
  });
});

describe('listing the links', () => {
  it("lists the story's link to its owner: none, then the one made", async () => {
    const story = await seed.story(ownerId);
    expect(await (await owner.get(`/api/stories/${story.id}/co-author-tokens`)).json()).toEqual([]);
    const { body: link } = await createLink(owner, story.id);
    const listed = coAuthorTokenSchema.array().parse(await (await owner.get(`/api/stories/${story.id}/co-author-tokens`)).json());
    // That it exists, since when; its token was shown once, when it was made.
    expect(listed).toEqual([{ ...link, token: null, url: null }]);
  });

  it("is a 404 for another owner's story", async () => {
    const story = await seed.story(ownerId);
    await createLink(owner, story.id);
    const response = await stranger.get(`/api/stories/${story.id}/co-author-tokens`);
    expect(response.status).toBe(404);
    expect(JSON.stringify(await response.json())).not.toMatch(/token"/);
  });
});

describe('revoking the link', () => {
  it('stops the link working (invalid_token) and keeps what was added through it, no longer tied to it', async () => {
    const story = await seed.story(ownerId);
    const { body: link } = await createLink(owner, story.id);
    const contribution = await seed.recording(ownerId, { storyId: story.id, contributorName: 'Pekka', coAuthorTokenId: link.id, contributorKeyHash: 'a'.repeat(64) });
    const anonymous = new HttpClient(server.url);
    expect(coAuthorViewSchema.parse(await (await anonymous.get(`/api/co-author/${link.token}`)).json()).recordings).toHaveLength(1);

    const response = await deleteLink(owner, link.id);
    expect(response.status).toBe(204);

    const after = await anonymous.get(`/api/co-author/${link.token}`);
    expect(after.status).toBe(404);
    expect(await after.json()).toEqual({ code: 'invalid_token', message: 'Invalid or expired collaboration token' });
    expect(await (await owner.get(`/api/stories/${story.id}/co-author-tokens`)).json()).toEqual([]);
    const [kept] = await server.database.db.select().from(recordings).where(eq(recordings.id, contribution.id));
    expect(kept).toMatchObject({ storyId: story.id, contributorName: 'Pekka', coAuthorTokenId: null });
    const owned = await (await owner.get(`/api/stories/${story.id}/with-recordings`)).json();
    expect(owned.recordings.map((r: { id: number; contributorName: string }) => [r.id, r.contributorName])).toEqual([[contribution.id, 'Pekka']]);
  });

  it('makes a new, different link after one is revoked; the old one stays dead', async () => {
    const story = await seed.story(ownerId);
    const { body: old } = await createLink(owner, story.id);
    await deleteLink(owner, old.id);
    const { status, body: fresh } = await createLink(owner, story.id);
    expect(status).toBe(201);
    expect(fresh.token).not.toBe(old.token);
    expect((await new HttpClient(server.url).get(`/api/co-author/${old.token}`)).status).toBe(404);
    expect((await new HttpClient(server.url).get(`/api/co-author/${fresh.token}`)).status).toBe(200);
  });

  it("is a 404 for another owner's link, which keeps working", async () => {
    const story = await seed.story(ownerId);
    const { body: link } = await createLink(owner, story.id);
    const response = await deleteLink(stranger, link.id);
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('not_found');
    expect((await new HttpClient(server.url).get(`/api/co-author/${link.token}`)).status).toBe(200);
  });

  it('refuses an id that is not a number with "Invalid token ID"', async () => {
    for (const id of ['abc', '1.5', '-1', '1e3']) {
      const response = await deleteLink(owner, id);
      expect(response.status, id).toBe(400);
      expect(await response.json(), id).toMatchObject({ code: 'invalid_token_id', message: 'Invalid token ID' });
    }
  });

  it('is a 404 for a link that is gone', async () => {
    const story = await seed.story(ownerId);
    const { body: link } = await createLink(owner, story.id);
    await deleteLink(owner, link.id);
    expect((await deleteLink(owner, link.id)).status).toBe(404);
  });
});

describe('without a session', () => {
  it('answers 401 to every owner call and makes or removes nothing', async () => {
    const story = await seed.story(ownerId);
    const link = await seed.coAuthorToken(ownerId, story.id);
    const anonymous = new HttpClient(server.url);
    for (const [method, path] of [
      ['POST', `/api/stories/${story.id}/co-author-token`],
      ['GET', `/api/stories/${story.id}/co-author-tokens`],
      ['DELETE', `/api/co-author-tokens/${link.id}`],
      ['DELETE', '/api/co-author-tokens/abc'],
    ]) {
      const response = await anonymous.request(method, path, method === 'POST' ? {} : undefined);
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    const { token: _held, ...row } = link;
    expect(await server.database.db.select().from(coAuthorTokens).where(eq(coAuthorTokens.storyId, story.id))).toEqual([row]);
  });

  it("a stranger's own story gets its own link, unlike the owner's", async () => {
    const mine = await seed.story(strangerId);
    const theirs = await seed.story(ownerId);
    const a = await createLink(stranger, mine.id);
    const b = await createLink(owner, theirs.id);
    expect(a.body.token).not.toBe(b.body.token);
  });
});

describe('what the database keeps of a link', () => {
  it('is only its hash: a token read from the table opens no co-author page, the link itself does', async () => {
    const story = await seed.story(ownerId);
    const { body: link } = await createLink(owner, story.id);
    const anonymous = new HttpClient(server.url);
    const rows = await server.database.db.execute(sql`SELECT * FROM co_author_tokens WHERE story_id = ${story.id}`);
    const stored = (rows as unknown as { rows: Array<Record<string, unknown>> }).rows[0];
    expect(JSON.stringify(stored)).not.toContain(link.token);
    // Whatever the row holds, used as a link, is refused (a hash is not a token's shape, nor its own hash).
    for (const value of Object.values(stored).filter((v): v is string => typeof v === 'string')) {
      expect((await anonymous.get(`/api/co-author/${value}`)).status, value).toBe(404);
      expect((await anonymous.get(`/api/co-author/${value.slice(0, 43)}`)).status, value).toBe(404);
    }
    expect((await anonymous.get(`/api/co-author/${link.token}`)).status).toBe(200);
  });

  it('keeps links made before the migration working: it hashes their tokens in place, as the server does', async () => {
    // The migration's own hand-written statement, run on a link stored the old way (its token in clear).
    const folder = new URL('../db/migrations/', import.meta.url);
    const file = readdirSync(folder).find((name) => name.endsWith('.sql') && readFileSync(new URL(name, folder), 'utf8').includes('sha256(convert_to("token_hash"'));
    expect(file).toBeDefined();
    const handWritten = readFileSync(new URL(file!, folder), 'utf8').split('-- hand-written:')[1];
    const story = await seed.story(ownerId);
    const oldToken = 'Old-link_made-before-hashing-0123456789abcd';
    expect(oldToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await server.database.db.insert(coAuthorTokens).values({ userId: ownerId, storyId: story.id, tokenHash: oldToken });
    const anonymous = new HttpClient(server.url);
    expect((await anonymous.get(`/api/co-author/${oldToken}`)).status).toBe(404);

    await server.database.db.execute(sql.raw(handWritten));

    const [stored] = await server.database.db.select().from(coAuthorTokens).where(eq(coAuthorTokens.storyId, story.id));
    expect(stored.tokenHash).toBe(sha256(oldToken));
    expect((await anonymous.get(`/api/co-author/${oldToken}`)).status).toBe(200);
    // Run again (a migration retried), nothing changes: a hash is not hashed twice.
    await server.database.db.execute(sql.raw(handWritten));
    expect((await anonymous.get(`/api/co-author/${oldToken}`)).status).toBe(200);
  });
});
