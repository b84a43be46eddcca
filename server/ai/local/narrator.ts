import ESpeakNg from 'espeak-ng';
import { DEFAULT_TTS_SPEED } from '../../../contract/ai-settings.ts';
import { runFfmpeg } from '../../audio/ffmpeg.ts';
import { AiError } from '../errors.ts';
import type { EngineStatus, Narration, NarrateInput, Narrator } from '../ports.ts';

/** espeak-ng's own speaking rate (words per minute) at speed 1. */
const BASE_WORDS_PER_MINUTE = 175;
const VOICES = { en: 'en-us', fi: 'fi' } as const;

interface ESpeakModule {
  FS: { writeFile(path: string, data: string): void; readFile(path: string): Uint8Array };
}

/** Speaks a text with espeak-ng (WebAssembly) and gives its WAV bytes. */
export async function speakWithEspeak(text: string, voice: string, wordsPerMinute: number): Promise<Buffer> {
  let failure = '';
  // Text goes in through a file, so a text starting with "-" is never read as an option.
  const module = (await ESpeakNg({
    arguments: ['-v', voice, '-s', String(wordsPerMinute), '-f', '/input.txt', '-w', '/output.wav'],
    preRun: [(m: ESpeakModule) => m.FS.writeFile('/input.txt', text)],
    print: () => {},
    printErr: (line: string) => {
      failure = line;
    },
  })) as ESpeakModule;
  try {
    return Buffer.from(module.FS.readFile('/output.wav'));
  } catch {
    throw new AiError('processing_failed', { detail: `espeak-ng produced no audio ${failure}`.trim() });
  }
}

/**
 * Narration with espeak-ng, which speaks English and Finnish and needs no model download.
 * The voice follows the language (OpenAI voice names do not apply); speed scales the rate.
 * The result is MP3 (via ffmpeg), or WAV if encoding fails.
 */
export class LocalNarrator implements Narrator {
  readonly adapter = 'local' as const;

  async narrate(input: NarrateInput): Promise<Narration> {
    if (!input.text.trim()) throw new AiError('processing_failed', { detail: 'nothing to narrate' });
    const rate = Math.round(Math.min(450, Math.max(80, BASE_WORDS_PER_MINUTE * (input.speed ?? DEFAULT_TTS_SPEED))));
    const wav = await speakWithEspeak(input.text, VOICES[input.language], rate);
    input.signal?.throwIfAborted();
    const mp3 = await runFfmpeg(['-v', 'error', '-f', 'wav', '-i', 'pipe:0', '-ac', '1', '-codec:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3', 'pipe:1'], {
      stdin: wav,
      timeoutMs: 120_000,
    }).catch(() => undefined);
    if (mp3 && mp3.exitCode === 0 && mp3.stdout.length > 0) return { audio: mp3.stdout, mimeType: 'audio/mpeg' };
    return { audio: wav, mimeType: 'audio/wav' };
  }

  async status(): Promise<EngineStatus> {
    return { name: 'narrator', adapter: 'local', model: 'espeak-ng', ready: true };
  }

  async close(): Promise<void> {}
}
