import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AiError } from '../ai/errors.ts';
import type { Narration } from '../ai/ports.ts';
import { sniffAudioFile } from '../audio/audio-type.ts';
import { safeInput } from '../audio/decode.ts';
import { inDecodeSlot } from '../audio/decode-slots.ts';
import { lastStderrLine, runFfmpeg } from '../audio/ffmpeg.ts';

/** The narration as it is stored and served. */
export const NARRATION_MIME_TYPE = 'audio/mpeg';
/** Every piece is brought to this before joining: engines speak at different rates (espeak 22.05 kHz, OpenAI 24 kHz). */
const SAMPLE_RATE = 24_000;

/**
 * Joins the spoken pieces, in order, into one MP3 file at `dir/narration.mp3` and returns
 * its path. Each piece's container is sniffed and ffmpeg is held to it and to local files
 * (`safeInput`), as for uploads; the pieces are resampled to one format and re-encoded, so
 * MP3 and WAV pieces join without a gap of headers between them.
 */
export async function joinNarration(pieces: Narration[], dir: string): Promise<string> {
  if (pieces.length === 0) throw new AiError('processing_failed', { detail: 'no narration pieces to join' });
  const inputs: string[] = [];
  for (const [i, piece] of pieces.entries()) {
    const file = join(dir, `piece-${i}`);
    await writeFile(file, piece.audio);
    const type = await sniffAudioFile(file);
    if (!type) throw new AiError('processing_failed', { detail: `narration piece ${i} is not audio we read (${piece.mimeType})` });
    inputs.push(...safeInput(file, type));
  }
  const format = `aresample=${SAMPLE_RATE},aformat=sample_fmts=s16:channel_layouts=mono`;
  const filter = [
    ...pieces.map((_, i) => `[${i}:a:0]${format}[a${i}]`),
    `${pieces.map((_, i) => `[a${i}]`).join('')}concat=n=${pieces.length}:v=0:a=1[out]`,
  ].join(';');
  const out = join(dir, 'narration.mp3');
  const result = await inDecodeSlot(() =>
    runFfmpeg(
      ['-v', 'error', ...inputs, '-filter_complex', filter, '-map', '[out]', '-codec:a', 'libmp3lame', '-b:a', '64k', '-map_metadata', '-1', '-f', 'mp3', `file:${out}`],
      { timeoutMs: 120_000 + 30_000 * pieces.length },
    ),
  );
  if (result.exitCode !== 0) {
    throw new AiError('processing_failed', { detail: `joining the narration failed: ${result.timedOut ? 'timed out' : lastStderrLine(result.stderr)}` });
  }
  return out;
}
