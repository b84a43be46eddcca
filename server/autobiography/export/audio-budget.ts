import { BOOK_AUDIO_BITS_PER_SECOND, type Book } from '../book.ts';
import type { PackedRecording } from './media-overlays.ts';

/**
 * The most audio one EPUB carries: about 4.5 hours at the book's bitrate. The book is made in
 * memory and sent whole (as every export is, download.ts), so its audio is held once in the
 * package and once in the finished file: this keeps one download under about 250 MB (decision 039).
 */
export const BOOK_AUDIO_LIMIT_BYTES = 100 * 1024 * 1024;

/** What a recording's book audio will weigh, from its measured length (the container's few percent on top). */
const estimatedBytes = (seconds: number) => Math.ceil(((seconds * BOOK_AUDIO_BITS_PER_SECOND) / 8) * 1.05);

/**
 * Each chapter's recordings numbered through the book, with their audio made one at a time in
 * the book's order while it fits in `limitBytes`; a recording that would not fit is left without
 * audio (its transcript stays), and one estimated too large is not even made.
 */
export async function packRecordings(book: Book, limitBytes = BOOK_AUDIO_LIMIT_BYTES): Promise<PackedRecording[][]> {
  let left = limitBytes;
  let number = 0;
  const chapters: PackedRecording[][] = [];
  for (const chapter of book.chapters) {
    const packed: PackedRecording[] = [];
    for (const recording of chapter.recordings ?? []) {
      number += 1;
      let audio = null;
      if (recording.durationSeconds === null || estimatedBytes(recording.durationSeconds) <= left) {
        audio = await recording.read();
        if (audio.bytes.length > left) audio = null;
        else left -= audio.bytes.length;
      }
      packed.push({ number, recording, audio });
    }
    chapters.push(packed);
  }
  return chapters;
}
