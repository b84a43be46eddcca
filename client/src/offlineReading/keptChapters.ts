import { KEPT_READS, readToKeep } from '../api/offlineReading.ts';
import { audioCacheName, readingCacheName } from '../serviceWorker/cacheNames.ts';
import { recordingAudioUrl } from '../serviceWorker/readRules.ts';

/**
 * "Keep offline" for a chapter (issue 31): its reads, its stories' and recordings' reads and
 * the recordings' audio put in the person's caches, which the service worker answers from when
 * there is no network (sw.ts); the audio removed again on request. A record of what was kept,
 * with its size, sits in the audio cache beside the audio, so it goes with the person's caches
 * at sign-out.
 */

/** What was kept of a chapter: its audio's addresses and the bytes of everything kept. */
export interface KeptChapter {
  audio: string[];
  bytes: number;
}

/** Where a chapter's record lives in the audio cache (an address no request ever asks for). */
const recordKey = (chapterId: number) => `/saaga-offline/chapters/${chapterId}`;

/** Whether this browser can keep anything offline. */
export function canKeepOffline(): boolean {
  return typeof caches !== 'undefined' && 'serviceWorker' in navigator;
}

/** Reads `url` and puts the answer in `cache`: the answer's body (parsed when asked) and its size. */
async function keep(cache: Cache, url: string): Promise<{ bytes: number; body: () => Promise<unknown> }> {
  const response = await readToKeep(url);
  const body = await response.clone().arrayBuffer();
  await cache.put(url, response);
  return { bytes: body.byteLength, body: async () => JSON.parse(new TextDecoder().decode(body)) as unknown };
}

/** The chapter's record, if it is kept on this device. */
export async function keptChapter(userId: string, chapterId: number): Promise<KeptChapter | null> {
  const record = await (await caches.open(audioCacheName(userId))).match(recordKey(chapterId));
  return record ? ((await record.json()) as KeptChapter) : null;
}

/**
 * Keeps the chapter, its stories and their audio on this device; `progress` hears after each
 * story. Asks the browser to keep the storage (not cleared when space runs short).
 */
export async function keepChapter(userId: string, chapterId: number, progress: (done: number, total: number) => void): Promise<KeptChapter> {
  void navigator.storage?.persist?.().catch(() => false);
  const reading = await caches.open(readingCacheName(userId));
  const audioCache = await caches.open(audioCacheName(userId));
  let bytes = 0;
  const kept = async (cache: Cache, url: string) => {
    const answer = await keep(cache, url);
    bytes += answer.bytes;
    return answer;
  };
  await kept(reading, KEPT_READS.chapter(chapterId));
  const stories = (await (await kept(reading, KEPT_READS.chapterStories(chapterId))).body()) as { id: number }[];
  const audio: string[] = [];
  progress(0, stories.length);
  for (const [index, story] of stories.entries()) {
    await kept(reading, KEPT_READS.story(story.id));
    await kept(reading, KEPT_READS.storyPhotos(story.id));
    const { recordings } = (await (await kept(reading, KEPT_READS.storyWithRecordings(story.id))).body()) as { recordings: { id: number }[] };
    for (const recording of recordings) {
      await kept(reading, KEPT_READS.recordingWithLinks(recording.id));
      await kept(reading, KEPT_READS.recordingPhotos(recording.id));
      await kept(audioCache, recordingAudioUrl(recording.id));
      audio.push(recordingAudioUrl(recording.id));
    }
    progress(index + 1, stories.length);
  }
  const record: KeptChapter = { audio, bytes };
  await audioCache.put(recordKey(chapterId), new Response(JSON.stringify(record), { headers: { 'content-type': 'application/json' } }));
  return record;
}

/** Removes the chapter's audio from this device (the reads stay: they are what the person has seen). */
export async function removeKeptChapter(userId: string, chapterId: number): Promise<void> {
  const audioCache = await caches.open(audioCacheName(userId));
  const record = await keptChapter(userId, chapterId);
  for (const url of record?.audio ?? []) await audioCache.delete(url);
  await audioCache.delete(recordKey(chapterId));
}
