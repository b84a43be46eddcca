import type { Language } from '../../../contract/languages.ts';
import type { ArchiveRecording } from '../format.ts';
import { archiveHref } from './links.ts';
import { escapeHtml, linkHtml, plainTextHtml } from './html.ts';
import { dateText, durationText, temporalText } from './times.ts';
import { SITE_WORDS } from './words.ts';

/**
 * One recording, playable where it is shown: the original file from the archive's
 * recordings/ folder (loaded only when played), its date and length, who recorded it when a
 * co-author did, its transcript to read and as files, and whether it was corrected by hand.
 */
export function recordingHtml(language: Language, page: string, recording: ArchiveRecording, heading: string): string {
  const words = SITE_WORDS[language];
  const src = escapeHtml(archiveHref(page, recording.audioFile));
  const when = temporalText(language, recording.time);
  const meta = [
    words.recordedOn(dateText(language, recording.createdAt)),
    recording.duration ? `${words.duration} ${durationText(recording.duration)}` : '',
    when ? `${words.when}: ${when}` : '',
  ].filter(Boolean);
  const files = [
    `<a href="${src}">${escapeHtml(words.openAudio)}</a>`,
    recording.transcriptFile ? linkHtml(page, recording.transcriptFile, words.transcriptTxt) : '',
    recording.subtitlesFile ? linkHtml(page, recording.subtitlesFile, words.subtitlesVtt) : '',
  ].filter(Boolean);
  return [
    '<div class="card">',
    `<h3>${escapeHtml(heading)}</h3>`,
    recording.contributorName ? `<p><strong>${escapeHtml(words.recordedBy(recording.contributorName))}</strong></p>` : '',
    `<p class="meta">${meta.map(escapeHtml).join(' · ')}</p>`,
    recording.promptQuestion ? `<p class="meta">${escapeHtml(recording.promptQuestion)}</p>` : '',
    `<audio controls preload="none" aria-label="${escapeHtml(heading)}" src="${src}"><a href="${src}">${escapeHtml(words.openAudio)}</a></audio>`,
    `<p class="meta">${files.join(' · ')}</p>`,
    recording.transcriptionEditedAt ? `<p class="meta">${escapeHtml(words.transcriptEdited(dateText(language, recording.transcriptionEditedAt)))}</p>` : '',
    recording.transcription?.trim()
      ? `<details><summary>${escapeHtml(words.showTranscript)}</summary>\n${plainTextHtml(recording.transcription)}\n</details>`
      : '',
    '</div>',
  ].filter(Boolean).join('\n');
}
