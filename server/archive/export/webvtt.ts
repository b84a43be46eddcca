import type { TranscriptTimings } from '../../../contract/voice.ts';

/** A transcript's timed pieces as the engine gave them (recordings.transcriptionSegments). */
export interface TimedSegment {
  start: number;
  end: number;
  text: string;
}

/** `00:01:02.500`: WebVTT's timestamp, hours always written. */
export function vttTimestamp(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const secs = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}.${pad(ms % 1000, 3)}`;
}

/** Cue text: no blank line (it would end the cue) and no markup; `-->` cannot appear once `>` is escaped. */
function cueText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * A transcript as WebVTT subtitles: a cue per timed sentence when it has timings (they follow
 * hand corrections: server/voice/retime.ts); else a cue per segment as the engine gave them;
 * without either (or with a transcript corrected by hand, whose words the old segments no longer
 * hold), one cue with the whole text over the recording's duration.
 */
export function transcriptVtt(transcript: {
  text: string;
  timings?: TranscriptTimings | null;
  segments: TimedSegment[] | null;
  duration: number | null;
  editedByHand: boolean;
}): string {
  const sentences = transcript.timings?.sentences.length ? transcript.timings.sentences : null;
  const timed = sentences ?? (!transcript.editedByHand && transcript.segments?.length ? transcript.segments : null);
  const whole = transcript.duration && transcript.duration > 0 ? transcript.duration : 1;
  const cues = (timed ?? [{ start: 0, end: whole, text: transcript.text }])
    .map((segment) => ({ start: segment.start, end: Math.max(segment.end, segment.start + 0.001), text: cueText(segment.text) }))
    .filter((cue) => cue.text !== '');
  const body = cues.map((cue, i) => `${i + 1}\n${vttTimestamp(cue.start)} --> ${vttTimestamp(cue.end)}\n${cue.text}\n`).join('\n');
  return `WEBVTT\n\n${body}`;
}
