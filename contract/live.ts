import { z } from 'zod';
import { AI_ERROR_CODES } from './ai-errors.ts';

/**
 * Live transcription (spec 7.11): `WebSocket /ws/transcription`. Live text is a view while
 * the person speaks; the recording itself still goes through the durable upload.
 */
export const LIVE_TRANSCRIPTION_PATH = '/ws/transcription';

/** The client sends a chunk of the recorder's stream this often (spec: 500 ms). */
export const LIVE_CHUNK_INTERVAL_MS = 500;
/** Largest message the server reads; a 500 ms opus chunk in base64 is a few KB. */
export const LIVE_MAX_MESSAGE_BYTES = 256 * 1024;
/** Messages a second a connection may send before it is refused (2 chunks + control). */
export const LIVE_MAX_MESSAGES_PER_SECOND = 10;
/** Longest stream one connection may carry, in seconds of audio. */
export const LIVE_MAX_SECONDS = 30 * 60;

/** Containers the recorder may stream; the server's decoder is forced to the one declared. */
export const LIVE_FORMATS = ['webm', 'ogg', 'mp4'] as const;
export type LiveFormat = (typeof LIVE_FORMATS)[number];

export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('audio_chunk'),
    /** Base64 bytes of the recorder's stream, in order; the first carries the container header. */
    audio: z.string().min(1),
    /** A MIME type ("audio/webm;codecs=opus") or a container name ("webm"). */
    format: z.string().min(1).max(100),
  }),
  z.object({ type: z.literal('pause') }),
  z.object({ type: z.literal('resume') }),
  z.object({ type: z.literal('end_recording') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/**
 * Why a stream failed: the AI catalogue's codes, and the live stream's own limits: among
 * them the account's streams open at once (`too_many_live_streams`) and the server's
 * (`live_server_busy`), told before any engine starts.
 */
export const LIVE_ERROR_CODES = [
  ...AI_ERROR_CODES, 'bad_message', 'too_many_messages', 'too_long', 'unavailable', 'too_many_live_streams', 'live_server_busy',
] as const;
export type LiveErrorCode = (typeof LIVE_ERROR_CODES)[number];

export const liveServerMessageSchema = z.discriminatedUnion('type', [
  /** The words of the utterance in progress; replaces the previous partial. */
  z.object({ type: z.literal('partial'), text: z.string() }),
  /**
   * A finished utterance; the client appends it unless already contained, and clears the
   * partial. `start`/`end`: where it was said, in seconds from the stream's start (the audio
   * transcribed, pauses left out, as the take records it), when the engine knows (issue 29).
   */
  z.object({ type: z.literal('final'), text: z.string(), start: z.number().min(0).optional(), end: z.number().min(0).optional() }),
  /** The stream has ended; `text` is everything said, finals joined. */
  z.object({ type: z.literal('complete'), text: z.string() }),
  /** English message (the catalogue's) and a code the client translates. */
  z.object({ type: z.literal('error'), error: z.string(), code: z.enum(LIVE_ERROR_CODES) }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;

/**
 * GET /api/live (signed in): whether live text can be offered, and whether it should be on
 * by default (the engine keeps up with speech on this server).
 */
export const liveCapabilitiesSchema = z.object({
  available: z.boolean(),
  recommended: z.boolean(),
  adapter: z.enum(['openai', 'local']),
});
export type LiveCapabilities = z.infer<typeof liveCapabilitiesSchema>;

/** Test page (spec 7.11): POST /api/realtime carries raw chunks every 200 ms, numbered in this header. */
export const REALTIME_CHUNK_INDEX_HEADER = 'x-chunk-index';
export const REALTIME_CHUNK_INTERVAL_MS = 200;
