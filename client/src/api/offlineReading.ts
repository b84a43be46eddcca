/**
 * The reads "Keep offline" stores for a chapter (offlineReading/keptChapters.ts): each answer
 * as it came (JSON or audio), to be put in the person's cache, not parsed here.
 */

/** GET `url` as the page reads it (with the session); a refusal or a failure throws. */
export async function readToKeep(url: string): Promise<Response> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response;
}

/** What the chapter's page, its stories' pages and their recordings' pages read (the addresses of api/chapters.ts, stories.ts, recordings.ts). */
export const KEPT_READS = {
  chapter: (id: number) => `/api/chapters/${id}`,
  chapterStories: (id: number) => `/api/chapters/${id}/stories`,
  story: (id: number) => `/api/stories/${id}`,
  storyWithRecordings: (id: number) => `/api/stories/${id}/with-recordings`,
  storyPhotos: (id: number) => `/api/stories/${id}/photos`,
  recordingWithLinks: (id: number) => `/api/recordings/${id}/with-people-places`,
  recordingPhotos: (id: number) => `/api/recordings/${id}/photos`,
};
