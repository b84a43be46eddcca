import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { StoryMetadata } from '../../contract/story-options.ts';
import type { Database } from '../../server/db/client.ts';
import { autobiographies, chapters, coAuthorTokens, followUpQuestions, people, photos, places, publishedStories, recordings, stories } from '../../server/db/schema.ts';
import { PHOTO_SIZES } from '../../contract/photos.ts';
import { photoKey } from '../../server/photos/photo-keys.ts';
import type { BlobStore } from '../../server/storage/index.ts';

type StoryInsert = typeof stories.$inferInsert;
type RecordingInsert = typeof recordings.$inferInsert;

/** Rows straight into the database, for tests that are about reading and editing them. */
export function seeder(db: Database, store?: BlobStore) {
  return {
    async story(userId: string, fields: Partial<StoryInsert> = {}) {
      const [row] = await db
        .insert(stories)
        .values({
          userId,
          title: 'A summer at the lake',
          content: 'We rowed across the lake every morning.',
          processingStatus: 'generated',
          generatedAt: new Date(),
          metadata: { people: [], locations: [], dates: [], storyType: 'other' } satisfies StoryMetadata,
          ...fields,
        })
        .returning();
      return row;
    },

    async recording(userId: string, fields: Partial<RecordingInsert> = {}) {
      const audioKey = `users/${userId}/recordings/${randomUUID()}.webm`;
      await store?.put(audioKey, Buffer.from('not really audio, only bytes to serve'), 'audio/webm');
      const [row] = await db
        .insert(recordings)
        .values({
          userId,
          audioKey,
          mimeType: 'audio/webm',
          sizeBytes: 37,
          duration: 12.5,
          transcription: 'We rowed across the lake every morning before breakfast.',
          processingStatus: 'transcribed',
          ...fields,
        })
        .returning();
      return row;
    },

    async person(userId: string, name: string, relationship: string | null = null) {
      const [row] = await db.insert(people).values({ userId, name, relationship }).returning();
      return row;
    },

    async place(userId: string, name: string, type: string | null = null) {
      const [row] = await db.insert(places).values({ userId, name, type }).returning();
      return row;
    },

    async chapter(userId: string, title: string, fields: Partial<typeof chapters.$inferInsert> = {}) {
      const [row] = await db.insert(chapters).values({ userId, title, ...fields }).returning();
      return row;
    },
    async followUpQuestion(userId: string, storyId: number, question: string, fields: Partial<typeof followUpQuestions.$inferInsert> = {}) {
      const [row] = await db.insert(followUpQuestions).values({ userId, storyId, question, ...fields }).returning();
      return row;
    },
    async autobiography(userId: string, title: string, fields: Partial<typeof autobiographies.$inferInsert> = {}) {
      const [row] = await db.insert(autobiographies).values({ userId, title, ...fields }).returning();
      return row;
    },
    async publishedStory(userId: string, storyId: number, slug: string, fields: Partial<typeof publishedStories.$inferInsert> = {}) {
      const [row] = await db
        .insert(publishedStories)
        .values({ userId, storyId, slug, title: 'A summer at the lake', content: 'We rowed across the lake every morning.', ...fields })
        .returning();
      return row;
    },
    /** A story's link; `token` is what its holder has (the row keeps only its hash). */
    async coAuthorToken(userId: string, storyId: number) {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = createHash('sha256').update(token).digest('hex');
      const [row] = await db.insert(coAuthorTokens).values({ userId, storyId, tokenHash }).returning();
      return { ...row, token };
    },

    /** A photo's row, and (with a store) its three copies, as bytes to serve rather than real images. */
    async photo(userId: string, fields: Partial<typeof photos.$inferInsert> = {}) {
      const [row] = await db
        .insert(photos)
        .values({ userId, originalType: 'image/jpeg', width: 320, height: 240, originalBytes: 30, storedBytes: 90, ...fields })
        .returning();
      for (const size of PHOTO_SIZES) await store?.put(photoKey(userId, row.id, size, 'jpg'), Buffer.from(`not really a ${size} photo`), 'image/jpeg');
      return row;
    },
  };
}
