import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { RECORDING_LIMITS } from '../../contract/recording-limits.ts';
import { sniffAudioFile } from '../audio/audio-type.ts';
import { safeInput } from '../audio/decode.ts';
import { inDecodeSlot } from '../audio/decode-slots.ts';
import { lastStderrLine, runFfmpeg } from '../audio/ffmpeg.ts';
import { withBlobAsFile } from '../storage/blob-file.ts';
import type { BlobStore } from '../storage/index.ts';
import { makeTempFolder } from '../storage/temp-folders.ts';
import { type BookAudio, BOOK_AUDIO_BITS_PER_SECOND } from './book.ts';

/** How long making one recording's book audio may take before ffmpeg is stopped (a 2-hour recording takes well under a minute). */
const TRANSCODE_TIMEOUT_MS = 5 * 60_000;

/**
 * A stored recording as AAC in MP4 (an EPUB 3 core media type). The demuxer is the one
 * sniffed from its bytes and only the `file` protocol is open (as every decode here, `safeInput`);
 * its tags are dropped (a phone's file may name where it was made); its timestamps are
 * counted from its first sample, as the transcript's timings are, so a sentence's clip plays
 * the sentence. A recording missing from the store fails the export, as a missing photo does.
 */
export async function bookAudioOf(store: BlobStore, audioKey: string): Promise<BookAudio> {
  return withBlobAsFile(store, audioKey, async (file) => {
    const type = await sniffAudioFile(file);
    if (!type) throw new Error(`The stored audio ${audioKey} is not audio we take`);
    const { dir, remove } = await makeTempFolder('export');
    try {
      const out = path.join(dir, 'book-audio.m4a');
      const result = await inDecodeSlot(() =>
        runFfmpeg(
          [
            '-v', 'error', ...safeInput(file, type),
            '-map', '0:a:0', '-vn', '-ac', '1', '-af', 'asetpts=N/SR/TB', '-t', String(RECORDING_LIMITS.maxDurationSeconds + 1),
            '-c:a', 'aac', '-b:a', String(BOOK_AUDIO_BITS_PER_SECOND),
            '-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact', '-movflags', '+faststart',
            '-f', 'mp4', `file:${out}`,
          ],
          { timeoutMs: TRANSCODE_TIMEOUT_MS },
        ),
      );
      if (result.timedOut || result.exitCode !== 0) {
        throw new Error(`The audio of ${audioKey} could not be made for the book: ${lastStderrLine(result.stderr) || `ffmpeg exited with ${result.exitCode}`}`);
      }
      return { bytes: await readFile(out), mediaType: 'audio/mp4', extension: 'm4a' };
    } finally {
      await remove();
    }
  });
}
