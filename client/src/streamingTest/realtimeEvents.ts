import { z } from 'zod';
import type { LiveTextEvent } from '../live/liveText.ts';

/** One event of GET /api/realtime-stream (spec 7.11): text, or an error. A `type` says partial or final when the server sends one. */
const realtimeEventSchema = z.union([
  z.object({ error: z.string() }),
  z.object({ text: z.string(), type: z.enum(['partial', 'final']).optional() }),
]);

export type RealtimeEvent = { kind: 'text'; event: LiveTextEvent } | { kind: 'error'; message: string } | { kind: 'ignored' };

/**
 * What an event of the stream means to the page: words (a final unless the server says it is
 * partial, so the spec's rule, appended unless already contained, keeps the text whole), or
 * an error (the server's English message, logged; the page shows the spec's words).
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
  return { kind: 'text', event: { type: parsed.data.type ?? 'final', text: parsed.data.text } };
}

/** The Content-Type of a chunk: the recorder's container without codec parameters. */
export function chunkContentType(mimeType: string): string {
  const base = mimeType.split(';')[0]?.trim();
  return base && base.startsWith('audio/') ? base : 'application/octet-stream';
}
