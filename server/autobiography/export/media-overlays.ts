import type { Language } from '../../../contract/languages.ts';
import type { TimedSentence } from '../../../contract/voice.ts';
import type { BookAudio, BookRecording } from '../book.ts';

/*
 * The EPUB's "In their own words" (issue 29, decision 039): after a chapter's text and photos,
 * each of its recordings with its audio and its transcript, sentence by sentence, and an EPUB 3
 * Media Overlay (SMIL) that plays each sentence's clip while a reading system marks it.
 */

/** A recording as the book packs it: its number in the book (from 1) and its audio, or null when the audio did not fit. */
export interface PackedRecording {
  number: number;
  recording: BookRecording;
  audio: BookAudio | null;
}

/** XML's special characters as references (text and attribute values). */
export const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const OWN_WORDS: Record<Language, string> = { en: 'In their own words', fi: 'Omin sanoin' };
const TOLD_BY: Record<Language, (name: string) => string> = { en: (name) => `Told by ${name}`, fi: (name) => `Kertoja: ${name}` };
const NOT_IN_BOOK: Record<Language, string> = {
  en: 'This recording did not fit in the book; it is kept in Saaga.',
  fi: 'Tämä äänitys ei mahtunut kirjaan; se on tallessa Saagassa.',
};

/** The class a reading system puts on the sentence being played (`media:active-class`). */
export const ACTIVE_CLASS = 'voice-active';

export const audioHref = (packed: PackedRecording) => `audio/recording-${packed.number}.${packed.audio!.extension}`;
const recordingId = (packed: PackedRecording) => `voice-${packed.number}`;
const sentenceId = (packed: PackedRecording, n: number) => `voice-${packed.number}-${n + 1}`;

/** Whole milliseconds, so every duration the book states adds up exactly. */
const ms = (seconds: number) => Math.max(0, Math.round(seconds * 1000));

/** A SMIL clock value (h:mm:ss.fff) of whole milliseconds. */
export function clockValue(milliseconds: number): string {
  const h = Math.floor(milliseconds / 3_600_000);
  const m = Math.floor((milliseconds % 3_600_000) / 60_000);
  const s = (milliseconds % 60_000) / 1000;
  return `${h}:${String(m).padStart(2, '0')}:${s.toFixed(3).padStart(6, '0')}`;
}

/** A recording's timed sentences when it has some (the `none` source and empty timings have none). */
const timedSentences = (recording: BookRecording): TimedSentence[] =>
  recording.timings && recording.timings.source !== 'none' ? recording.timings.sentences : [];

/** A sentence's clip in whole milliseconds, kept inside the audio; null when nothing of it is left to play. */
function clipOf(sentence: TimedSentence, recording: BookRecording): { begin: number; end: number } | null {
  const last = recording.durationSeconds ? ms(recording.durationSeconds) : Infinity;
  const begin = Math.min(ms(sentence.start), last);
  const end = Math.min(ms(sentence.end), last);
  return end > begin ? { begin, end } : null;
}

/** The transcript shown: its sentences each in a span the overlay names when it is timed, else its paragraphs as written. */
function transcriptHtml(packed: PackedRecording): string {
  const sentences = timedSentences(packed.recording);
  if (sentences.length && packed.audio) {
    return `<p class="transcript">${sentences.map((sentence, n) => `<span id="${sentenceId(packed, n)}">${escapeXml(sentence.text)}</span>`).join(' ')}</p>`;
  }
  const text = packed.recording.transcript ?? '';
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((paragraph) => `<p class="transcript">${escapeXml(paragraph)}</p>`)
    .join('');
}

/** The chapter's "In their own words" section: per story a heading, per recording its audio (or why it is not here) and its transcript. */
export function ownWordsHtml(recordings: PackedRecording[], language: Language): string {
  if (recordings.length === 0) return '';
  let story = '';
  const parts = recordings.map((packed) => {
    const { recording } = packed;
    const heading = recording.storyTitle !== story ? `<h4>${escapeXml(recording.storyTitle)}</h4>` : '';
    story = recording.storyTitle;
    const teller = recording.contributorName ? `<p class="teller">${escapeXml(TOLD_BY[language](recording.contributorName))}</p>` : '';
    const audio = packed.audio
      ? `<audio controls="controls" src="${audioHref(packed)}"></audio>`
      : `<p class="not-in-book">${escapeXml(NOT_IN_BOOK[language])}</p>`;
    return `${heading}<div class="recording" id="${recordingId(packed)}">${teller}${audio}${transcriptHtml(packed)}</div>`;
  });
  return `<section class="own-words"><h3>${escapeXml(OWN_WORDS[language])}</h3>${parts.join('')}</section>`;
}

/** A chapter's Media Overlay document and how long it plays, in ms; null when none of its recordings is timed and packed. */
export function chapterOverlay(recordings: PackedRecording[], chapterFile: string): { smil: string; milliseconds: number } | null {
  let milliseconds = 0;
  const seqs: string[] = [];
  for (const packed of recordings) {
    if (!packed.audio) continue;
    const pars: string[] = [];
    timedSentences(packed.recording).forEach((sentence, n) => {
      const clip = clipOf(sentence, packed.recording);
      if (!clip) return;
      milliseconds += clip.end - clip.begin;
      pars.push(
        `<par id="${sentenceId(packed, n)}-par"><text src="${chapterFile}#${sentenceId(packed, n)}"/>` +
          `<audio src="${audioHref(packed)}" clipBegin="${clockValue(clip.begin)}" clipEnd="${clockValue(clip.end)}"/></par>`,
      );
    });
    if (pars.length) seqs.push(`<seq id="${recordingId(packed)}-seq" epub:textref="${chapterFile}#${recordingId(packed)}">${pars.join('')}</seq>`);
  }
  if (seqs.length === 0) return null;
  const smil = `<?xml version="1.0" encoding="UTF-8"?>
<smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0"><body>${seqs.join('')}</body></smil>`;
  return { smil, milliseconds };
}
