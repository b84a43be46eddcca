import { z } from 'zod';

/*
 * Transcripts that know where each word was said, and stories that lead back to the voice
 * (issue 29, decision 037). Times are seconds from the start of the recording's audio.
 */

/** A text's words as written: runs of non-space, punctuation kept on them (the server's and the listening editor's one rule). */
export function wordsIn(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** A word where the engine gave its time. */
export const timedWordSchema = z.object({ text: z.string(), start: z.number(), end: z.number() });
export type TimedWord = z.infer<typeof timedWordSchema>;

/** A sentence (or an utterance the engine gave as one) and the time it was said. */
export const timedSentenceSchema = z.object({
  text: z.string(),
  start: z.number(),
  end: z.number(),
  /** Present when the engine timed each word (whisper.cpp's tokens, whisper-1's words). */
  words: z.array(timedWordSchema).optional(),
});
export type TimedSentence = z.infer<typeof timedSentenceSchema>;

/**
 * Where the times came from:
 * - `words`: the engine timed every word;
 * - `segments`: the engine timed utterances; sentences inside one share its span by length;
 * - `aligned`: the engine gave no times; Saaga's voice detection placed the sentences;
 * - `none`: no times could be made (no speech found, or no voice detection model).
 */
export const TIMING_SOURCES = ['words', 'segments', 'aligned', 'none'] as const;
export type TimingSource = (typeof TIMING_SOURCES)[number];

/**
 * A transcript's timings (recordings.transcript_timings). The sentences' words, in order, are
 * the transcript's words (server/voice/sentences.ts, `sameWords`): a hand correction is timed
 * again (server/voice/retime.ts) so that stays true.
 */
export const transcriptTimingsSchema = z.object({
  source: z.enum(TIMING_SOURCES),
  sentences: z.array(timedSentenceSchema),
});
export type TranscriptTimings = z.infer<typeof transcriptTimingsSchema>;

/** GET /api/recordings/{id}/timings (the owner's). `pending`: the background pass has not timed this transcript yet. */
export const recordingTimingsViewSchema = z.object({
  recordingId: z.number(),
  pending: z.boolean(),
  timings: transcriptTimingsSchema.nullable(),
});
export type RecordingTimingsView = z.infer<typeof recordingTimingsViewSchema>;

/** A stretch of one recording that a story paragraph comes from. */
export const voiceSpanSchema = z.object({ recordingId: z.number().int(), start: z.number(), end: z.number() });
export type VoiceSpan = z.infer<typeof voiceSpanSchema>;

/**
 * A story's paragraphs and where each was said: `paragraphs[i]` are the spans paragraph i
 * (numbered as the story's text splits at blank lines, from 0) comes from, in the order to
 * play them; empty when none is known. Stored as stories.paragraph_sources.
 */
export const paragraphSourcesSchema = z.array(z.array(voiceSpanSchema));
export type ParagraphSources = z.infer<typeof paragraphSourcesSchema>;

/**
 * GET /api/stories/{id}/voice (owner and family readers) and GET /api/published/{slug}/voice
 * (a story published with the teller's voice): the spans per paragraph, and the recordings
 * they play with the address of each one's audio for this caller.
 */
export const storyVoiceViewSchema = z.object({
  paragraphs: paragraphSourcesSchema,
  recordings: z.array(z.object({ id: z.number(), duration: z.number().nullable(), audioUrl: z.string() })),
});
export type StoryVoiceView = z.infer<typeof storyVoiceViewSchema>;

