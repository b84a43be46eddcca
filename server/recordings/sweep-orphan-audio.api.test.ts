import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../test/fakes/s3-server.ts';
import { freshDatabase } from '../../test/support/database.ts';
import { seeder } from '../../test/support/seed.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { localBlobStore } from '../storage/local-store.ts';
import { narrationAudioKey, recordingAudioKey } from './audio-key.ts';
import { ORPHAN_AUDIO_MIN_AGE_MS, sweepOrphanAudio } from './sweep-orphan-audio.ts';

// The sweep on a real database, against the local folder and S3 through a real S3 protocol server.
let database: DatabaseHandle;
let s3: FakeS3;
let bucketNumber = 0;

beforeAll(async () => {
  database = await freshDatabase();
  s3 = await startFakeS3([1, 2].map((n) => `sweep-${n}`));
});
afterAll(async () => {
  await s3?.close();
  await database?.close();
});

const stores: [string, () => BlobStore][] = [
  ['local', () => localBlobStore(mkdtempSync(path.join(tmpdir(), 'saaga-sweep-')))],
  [
    's3',
    () => s3.store(`sweep-${(bucketNumber += 1)}`),
  ],
];

const keysOf = async (store: BlobStore) => {
  const keys: string[] = [];
  for await (const blob of store.list('')) keys.push(blob.key);
  return keys.sort();
};

describe.each(stores)('sweeping orphan audio from the %s store', (_name, makeStore) => {
  it('removes old recording and narration audio no row names, and nothing else', async () => {
    const store = makeStore();
    const { db } = database;
    const [user] = await db.insert(users).values({ email: `${_name}-sweep@example.com` }).returning();
    const seed = seeder(db, store);
    const named = await seed.recording(user.id);
    const orphan = recordingAudioKey(user.id, 'webm');
    await store.put(orphan, Buffer.from('a crash came between this and its row'), 'audio/webm');
    const story = await seed.story(user.id);
    const narration = narrationAudioKey(user.id, 1);
    await store.put(narration, Buffer.from('the published story names this one'), 'audio/mpeg');
    await seed.publishedStory(user.id, story.id, `${_name}-sweep`, { audioKey: narration, audioStatus: 'ready' });
    const orphanNarration = narrationAudioKey(user.id, 1);
    await store.put(orphanNarration, Buffer.from('a crash came between this and its row'), 'audio/mpeg');
    const other = `users/${user.id}/exports/book.epub`;
    await store.put(other, Buffer.from('not audio: not the sweep\'s'), 'application/epub+zip');

    // Everything was written just now: an upload in flight looks like this, and is left alone.
    expect(await sweepOrphanAudio(db, store)).toEqual({ examined: 0, removed: 0 });
    expect(await keysOf(store)).toEqual([named.audioKey, orphan, narration, orphanNarration, other].sort());

    const later = new Date(Date.now() + ORPHAN_AUDIO_MIN_AGE_MS + 60_000);
    expect(await sweepOrphanAudio(db, store, { now: later })).toEqual({ examined: 4, removed: 2 });
    expect(await keysOf(store)).toEqual([named.audioKey, narration, other].sort());
    expect(await store.get(orphan)).toBeNull();
    expect(await store.get(orphanNarration)).toBeNull();
    expect(await store.size(named.audioKey)).toBeGreaterThan(0);
  });

  it('sweeps in batches: many orphans among many named recordings', async () => {
    const store = makeStore();
    const { db } = database;
    const [user] = await db.insert(users).values({ email: `${_name}-many@example.com` }).returning();
    const seed = seeder(db, store);
    const namedKeys: string[] = [];
    for (let i = 0; i < 30; i += 1) namedKeys.push((await seed.recording(user.id)).audioKey);
    const orphans = Array.from({ length: 520 }, () => recordingAudioKey(user.id, 'ogg'));
    for (const key of orphans) await store.put(key, Buffer.from('o'), 'audio/ogg');

    const later = new Date(Date.now() + ORPHAN_AUDIO_MIN_AGE_MS + 60_000);
    expect(await sweepOrphanAudio(db, store, { now: later })).toEqual({ examined: 550, removed: 520 });
    expect(await keysOf(store)).toEqual(namedKeys.sort());
  });
});
