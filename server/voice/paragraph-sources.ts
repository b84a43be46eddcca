import type { ParagraphSources, TranscriptTimings } from '../../contract/voice.ts';

/** A story's recordings as the marking reads them: their timed sentences. */
export interface TimedRecording {
  id: number;
  timings: TranscriptTimings | null;
}

/** For each paragraph of a written story, the recording spans its sentences come from (empty when none). */
export function markParagraphSources(_content: string, _recordings: TimedRecording[], _language?: string): ParagraphSources {
  throw new Error('not written yet (issue 29, voice-sources)');
}

/** The sources of a text edited by hand: a paragraph kept or edited in place keeps its spans; a new one has none. */
export function carryParagraphSources(_before: { content: string; sources: ParagraphSources | null }, _content: string): ParagraphSources | null {
  throw new Error('not written yet (issue 29, voice-sources)');
}
