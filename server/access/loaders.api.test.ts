import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/support/database.ts';
import { seeder } from '../../test/support/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { chapters, publishedStories, users } from '../db/schema.ts';
import { type Actor, anonymous, signedIn } from './actor.ts';
import { loadAll, loadBySlug } from './loaders.ts';

// The loaders on a real database: every row they give is one the policies let the actor have.
let database: DatabaseHandle;
let owner: Actor;
let stranger: Actor;
let seed: ReturnType<typeof seeder>;
let ownerId: string;
beforeAll(async () => {
  database = await freshDatabase();
  const [ownerRow, strangerRow] = await database.db.insert(users).values([{ email: 'owner@example.com' }, { email: 'stranger@example.com' }]).returning();
  ownerId = ownerRow.id;
  owner = signedIn(ownerRow);
  stranger = signedIn(strangerRow);
  seed = seeder(database.db);
});
afterAll(() => database?.close());

const notFound = (message: string) => expect.objectContaining({ statusCode: 404, code: 'not_found', message });

describe('loadBySlug, the published read', () => {
  it('gives anyone the published copy a slug names', async () => {
    const story = await seed.story(ownerId, { title: 'Published' });
    const copy = await seed.publishedStory(ownerId, story.id, 'summer-lake');
    for (const actor of [anonymous, owner, stranger]) expect((await loadBySlug(database.db, actor, 'summer-lake', 'read')).id).toBe(copy.id);
  });

  it('answers an unknown, unpublished or impossible slug with the same 404', async () => {
    const story = await seed.story(ownerId, { title: 'Unpublished' });
    await seed.publishedStory(ownerId, story.id, 'was-public');
    await database.db.delete(publishedStories).where(eq(publishedStories.slug, 'was-public'));
    for (const slug of ['never-published', 'was-public', 'Not A Slug', 'x'.repeat(500), '']) {
      await expect(loadBySlug(database.db, anonymous, slug, 'read'), slug).rejects.toThrow(notFound('Story not found'));
    }
  });

  it('lets only the owner unpublish through it', async () => {
    const story = await seed.story(ownerId, { title: 'Mine to take down' });
    await seed.publishedStory(ownerId, story.id, 'mine-to-take-down');
    expect((await loadBySlug(database.db, owner, 'mine-to-take-down', 'delete')).storyId).toBe(story.id);
    for (const actor of [anonymous, stranger]) {
      await expect(loadBySlug(database.db, actor, 'mine-to-take-down', 'delete')).rejects.toThrow(notFound('Story not found'));
    }
  });
});

describe('loadAll, ids in a body', () => {
  it("is a 404 when one id is another person's or unknown, and the rows otherwise", async () => {
    const [mine] = await database.db.insert(chapters).values({ userId: ownerId, title: 'Childhood' }).returning();
    expect((await loadAll(database.db, owner, 'chapter', [mine.id, mine.id], 'read')).map((row) => row.id)).toEqual([mine.id]);
    await expect(loadAll(database.db, stranger, 'chapter', [mine.id], 'read')).rejects.toThrow(notFound('Chapter not found'));
    await expect(loadAll(database.db, owner, 'chapter', [mine.id, 2_000_000_000], 'read')).rejects.toThrow(notFound('Chapter not found'));
    expect(await loadAll(database.db, stranger, 'chapter', [], 'read')).toEqual([]);
  });
});
