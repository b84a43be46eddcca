/**
 * npm run bench:timings
 *
 * How close a transcript sentence's start is to where it is heard (issue 29's goal: within
 * 0.5 s), per timing engine available here. The clips are made here so the truth is exact:
 * sentences spoken one at a time by the project's espeak-ng narrator (English and Finnish),
 * joined with known pauses of varied length into one 16 kHz WAV; a sentence is heard from its
 * first sample above the noise floor. Engines:
 * - the aligner (server/voice/align.ts) on the Silero VAD's speech: every model file found
 *   (the test model in ../shared/models is the published ggml-silero-v6.2.0.bin, byte for
 *   byte; MODELS_DIR's real one when downloaded), with laying sentences by letters over the
 *   whole span (no pauses used) as the baseline it improves on;
 * - whisper.cpp's word times, when a real whisper model is in MODELS_DIR (the test model
 *   hears nothing: no figure);
 * - OpenAI: not measured here (no key is used); the fake server's times are its own
 *   invention, and gpt-4o-transcribe's timings are the aligner's above.
 * Figures go in docs/decisions/037-transcript-timings.md.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TranscriptTimings } from '../contract/voice.ts';
import { speakWithEspeak } from '../server/ai/local/narrator.ts';
import { LocalTranscriber } from '../server/ai/local/transcriber.ts';
import { SpeechDetector } from '../server/ai/vad.ts';
import { normaliseAudio } from '../server/audio/normalise.ts';
import { BYTES_PER_SECOND, pcmToWav, SAMPLE_RATE } from '../server/audio/wav.ts';
import { MODEL_CATALOGUE } from '../server/models/catalogue.ts';
import { alignToSpeech } from '../server/voice/align.ts';
import { timingsFromEngine } from '../server/voice/engine-timings.ts';
import { TEST_MODELS } from '../test/support/shared-files.ts';

const STORIES = {
  en: [
    'I grew up on a farm near Tampere with my sister Anna.',
    'Every summer we swam in the lake.',
    'In the winter we skied to school across the frozen fields, and our cheeks were red from the cold.',
    'Father kept cows.',
    'Mother baked rye bread on Saturdays, and the whole house smelled of it.',
    'We had a dog called Musti who followed us everywhere.',
    'When I was twelve, we moved to Helsinki.',
    'The city was loud, and I missed the lake.',
    'My first job was at a bookshop on Aleksanterinkatu, where I stayed for nine years.',
    'That is where I met your grandfather.',
    'He came in every Friday to buy a newspaper, and one day he asked me to the cinema.',
    'We were married in the spring of 1968.',
  ],
  fi: [
    'Kasvoin maatilalla Tampereen lähellä siskoni Annan kanssa.',
    'Joka kesä uimme järvessä.',
    'Talvella hiihdimme kouluun jäisten peltojen poikki, ja posket punoittivat pakkasesta.',
    'Isä piti lehmiä.',
    'Äiti leipoi ruisleipää lauantaisin, ja koko talo tuoksui siltä.',
    'Meillä oli Musti-niminen koira, joka seurasi meitä kaikkialle.',
    'Kun olin kaksitoista, muutimme Helsinkiin.',
    'Kaupunki oli meluisa, ja minulla oli ikävä järveä.',
    'Ensimmäinen työpaikkani oli kirjakaupassa Aleksanterinkadulla, ja olin siellä yhdeksän vuotta.',
    'Siellä tapasin isoisäsi.',
    'Hän kävi joka perjantai ostamassa sanomalehden, ja eräänä päivänä hän pyysi minut elokuviin.',
    'Menimme naimisiin keväällä 1968.',
  ],
} as const;
const VOICES = { en: 'en-us', fi: 'fi' } as const;
/** The pauses between sentences, in turn (seconds): short breaths to long silences. */
const PAUSES = [0.3, 0.9, 0.45, 1.6, 0.6, 0.35, 1.2, 0.5, 2.0, 0.4, 0.8];
const LEAD_IN_SECONDS = 0.7;

interface Clip {
  name: string;
  language: 'en' | 'fi';
  text: string;
  pcm: Buffer;
  /** Where each sentence is first heard (seconds). */
  truth: number[];
}

/** The first sample of a sentence's audio above the noise floor: where it is heard. */
function onsetSeconds(pcm: Buffer): number {
  let peak = 0;
  for (let i = 0; i < pcm.length; i += 2) peak = Math.max(peak, Math.abs(pcm.readInt16LE(i)));
  const floor = peak * 0.02;
  for (let i = 0; i < pcm.length; i += 2) if (Math.abs(pcm.readInt16LE(i)) > floor) return i / BYTES_PER_SECOND;
  return 0;
}

const silence = (seconds: number) => Buffer.alloc(Math.round(seconds * SAMPLE_RATE) * 2);

/** A clip of a story's sentences, the pauses between them PAUSES times `pauseScale`. */
async function makeClip(language: 'en' | 'fi', pauseScale: number): Promise<Clip> {
  const parts: Buffer[] = [silence(LEAD_IN_SECONDS)];
  const truth: number[] = [];
  let offset = LEAD_IN_SECONDS;
  for (const [i, sentence] of STORIES[language].entries()) {
    if (i > 0) {
      const pause = PAUSES[(i - 1) % PAUSES.length]! * pauseScale;
      parts.push(silence(pause));
      offset += pause;
    }
    const { pcm } = await normaliseAudio(await speakWithEspeak(sentence, VOICES[language], 175));
    truth.push(offset + onsetSeconds(pcm));
    parts.push(pcm);
    offset += pcm.length / BYTES_PER_SECOND;
  }
  parts.push(silence(0.5));
  const name = `${language}${pauseScale === 1 ? '' : ` pauses x${pauseScale}`}`;
  return { name, language, text: STORIES[language].join(' '), pcm: Buffer.concat(parts), truth };
}

const rows: Record<string, string | number>[] = [];

/** Prints a timing engine's errors against the truth: mean, p90, max, share within 0.5 s. */
function report(engine: string, clip: Clip, timings: TranscriptTimings | null, note = '') {
  const starts = timings?.sentences.map((s) => s.start) ?? [];
  if (starts.length !== clip.truth.length) {
    rows.push({ engine, clip: clip.name, sentences: `${starts.length} of ${clip.truth.length}`, note: note || 'sentences differ: no figure' });
    return;
  }
  const signed = starts.map((start, i) => start - clip.truth[i]!);
  if (process.env.VERBOSE) console.log(engine, clip.name, signed.map((e) => e.toFixed(2)).join(' '));
  const errors = signed.map(Math.abs).sort((a, b) => a - b);
  const within = errors.filter((e) => e <= 0.5).length;
  rows.push({
    engine,
    clip: clip.name,
    sentences: errors.length,
    'mean s': errors.reduce((sum, e) => sum + e, 0) / errors.length,
    'p90 s': errors[Math.min(errors.length - 1, Math.ceil(errors.length * 0.9) - 1)]!,
    'max s': errors.at(-1)!,
    'within 0.5 s': `${within}/${errors.length}`,
    note,
  });
}

async function main() {
  const modelsDir = path.resolve(process.env.MODELS_DIR ?? path.join(process.env.DATA_DIR ?? './data', 'models'));
  // As written, and with every pause cut to 40% (0.12 to 0.8 s: a teller who hardly stops).
  const clips = [await makeClip('en', 1), await makeClip('fi', 1), await makeClip('en', 0.4), await makeClip('fi', 0.4)];
  const dir = await mkdtemp(path.join(tmpdir(), 'saaga-bench-timings-'));
  try {
    for (const clip of clips) {
      const seconds = clip.pcm.length / BYTES_PER_SECOND;
      console.log(`${clip.name}: ${clip.truth.length} sentences, ${seconds.toFixed(1)} s; heard at ${clip.truth.map((t) => t.toFixed(2)).join(', ')}`);
      await writeFile(path.join(dir, `${clip.name}.wav`), pcmToWav(clip.pcm));
    }

    const vadModels = [path.join(modelsDir, 'ggml-silero-v6.2.0.bin'), TEST_MODELS.vad].filter(existsSync);
    for (const modelPath of vadModels) {
      const detector = new SpeechDetector({ modelPath, threads: 2 });
      try {
        for (const clip of clips) {
          const speech = await detector.detect(clip.pcm);
          const name = `aligner on ${path.basename(modelPath)}`;
          report(name, clip, alignToSpeech(clip.text, speech, clip.language), `${speech.length} speech segments`);
          const span = [{ start: speech[0]?.start ?? 0, end: speech.at(-1)?.end ?? 0 }];
          report(`baseline: by letters over the span (${path.basename(modelPath)})`, clip, alignToSpeech(clip.text, span, clip.language));
        }
      } finally {
        await detector.close();
      }
    }

    const realWhisper = MODEL_CATALOGUE.filter((m) => m.role === 'transcriber').map((m) => path.join(modelsDir, m.file)).filter(existsSync);
    for (const modelPath of [...realWhisper, TEST_MODELS.whisper].filter(existsSync)) {
      const transcriber = new LocalTranscriber({ modelPath, threads: 2 });
      try {
        // The test model hears nothing and takes about real time: one clip shows it.
        for (const clip of modelPath === TEST_MODELS.whisper ? clips.slice(0, 1) : clips) {
          const transcript = await transcriber.transcribe({ audio: path.join(dir, `${clip.name}.wav`), language: clip.language });
          const name = `whisper.cpp ${path.basename(modelPath)}`;
          if (!transcript.text.trim()) report(name, clip, null, 'the model heard nothing (the test model has no weights): no figure');
          else report(name, clip, timingsFromEngine(transcript, clip.language), 'its own text, cut by the same rule');
        }
      } catch (error) {
        rows.push({ engine: `whisper.cpp ${path.basename(modelPath)}`, note: `failed: ${(error as Error).message}` });
      } finally {
        await transcriber.close();
      }
    }
    rows.push({ engine: 'openai', note: 'not measured: no key is used here; the fake server\'s word times are its own invention, and gpt-4o-transcribe\'s timings are the aligner\'s above' });

    const fixed = rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(3) : v])));
    console.table(fixed);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
