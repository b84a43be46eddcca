import { z } from 'zod';

/** One event of GET /api/realtime-stream (spec 7.11): text, or an error. */
const realtimeEventSchema = z.union([z.object({ error: z.string() }), z.object({ text: z.string() })]);

export type RealtimeEvent = { kind: 'text'; text: string } | { kind: 'error'; message: string } | { kind: 'ignored' };

/**
 * What an event of the stream means to the page: the text heard so far (each event carries
 * all of it, the utterance in progress at its end, so it replaces the last), or an error (the
 * server's English message, logged; the page shows the spec's words).
 */
export function readRealtimeEvent(data: string): RealtimeEvent {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return { kind: 'ignored' };
  }
  const parsed = realtimeEventSchema.safeParse(value);
  if (!parsed.success) return { kind: 'ignored' };
  if ('error' in parsed.data) return { kind: 'error', message: parsed.data.error };
  return { kind: 'text', text: parsed.data.text };
}

/** The Content-Type of a chunk: the recorder's container without codec parameters. */
export function chunkContentType(mimeType: string): string {
  const base = mimeType.split(';')[0]?.trim();
  return base && base.startsWith('audio/') ? base : 'application/octet-stream';
}
