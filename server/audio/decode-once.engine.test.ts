import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { chmod, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { clipDir, encodeClip, silenceClip } from '../../test/support/audio-clips.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import type { Engines } from '../ai/engines.ts';
import type { TranscribeInput } from '../ai/ports.ts';
import { transcribeRecording } from '../ai/transcribe-recording.ts';
import { sniffAudioFile } from './audio-type.ts';
import { measureDuration } from './decode.ts';
import { FFMPEG_PATH } from './ffmpeg.ts';
import { KeptDecodes } from './kept-decodes.ts';
import { normaliseAudio } from './normalise.ts';
import { assessSpeech, type SpeechSegment } from '../ai/vad.ts';
import { readPcm } from './wav.ts';

// One ffmpeg run and one VAD pass per upload, counted through the seams the code takes: the
// ffmpeg binary's path, and the engines handed to transcribeRecording.

let dir: string;
let remove: () => Promise<void>;
let ffmpeg: string;
let counts: string;
let webm: string;

beforeAll(async () => {
  ({ dir, remove } = await clipDir());
  counts = join(dir, 'ffmpeg-runs');
  ffmpeg = join(dir, 'counting-ffmpeg.sh');
  await writeFile(ffmpeg, `#!/bin/sh\necho run >> '${counts}'\nexec '${FFMPEG_PATH}' "$@"\n`);
  await chmod(ffmpeg, 0o755);
  webm = await encodeClip(CLIPS.jfk, 'webm-opus', dir);
});
beforeEach(async () => {
  await writeFile(counts, '');
});
afterAll(async () => {
  await remove?.();
});

const ffmpegRuns = async () => (await readFile(counts, 'utf8')).split('\n').filter(Boolean).length;
const SPEECH: SpeechSegment[] = [{ start: 0.3, end: 10.6 }];

/** Engines that count VAD passes and keep what the transcriber was given (and the PCM it read). */
function countingEngines(vad: () => SpeechSegment[] = () => SPEECH, complete = true) {
  const seen = { vadPasses: 0, vadOptions: [] as unknown[], transcriberInputs: [] as TranscribeInput[], pcm: [] as Buffer[] };
  const engines = {
    speech: {
      isAvailable: () => true,
      async assessFile(_file: string, options: unknown) {
        seen.vadPasses += 1;
        seen.vadOptions.push(options);
        return { ...assessSpeech(vad()), complete };
      },
    },
    transcriber: {
      adapter: 'openai',
      async transcribe(input: TranscribeInput) {
        seen.transcriberInputs.push(input);
        seen.pcm.push(await readPcm(input.audio));
        return { text: 'And so my fellow Americans, ask not what your country can do for you.', segments: [], language: 'en', durationSeconds: 11 };
      },
    },
  } as unknown as Pick<Engines, 'speech' | 'transcriber'>;
  return { engines, seen };
}

it('keeps the upload\'s decode, and the transcription reads it with no ffmpeg run and one VAD pass of its own', async () => {
  const kept = new KeptDecodes();
  kept.enable();
  try {
    const type = (await sniffAudioFile(webm))!;
    const seconds = await measureDuration(webm, type, { ffmpegPath: ffmpeg, keep: kept.keeper('users/1/recordings/a.webm') });
    expect(await ffmpegRuns()).toBe(1);

    const decoded = kept.take('users/1/recordings/a.webm')!;
    expect(decoded.durationSeconds).toBe(seconds);
    const { engines, seen } = countingEngines();
    const result = await transcribeRecording(engines, { audio: decoded.file, decoded, language: 'en', normalise: { ffmpegPath: ffmpeg } });

    expect(await ffmpegRuns()).toBe(1); // the upload's, and no other
    expect(seen.vadPasses).toBe(1);
    expect(seen.transcriberInputs.map((i) => i.speech)).toEqual([SPEECH]); // the VAD's segments, passed on
    expect(result.durationSeconds).toBe(seconds);
    // The same samples as the job's own decode would give.
    expect(seen.pcm[0]!.equals((await normaliseAudio(webm)).pcm)).toBe(true);
    expect(kept.take('users/1/recordings/a.webm')).toBeUndefined(); // taken once
  } finally {
    await kept.disable();
  }
});

it('decodes a stored file once for the VAD, the split and the transcription when nothing was kept', async () => {
  const { engines, seen } = countingEngines();
  await transcribeRecording(engines, { audio: webm, language: 'en', normalise: { ffmpegPath: ffmpeg } });
  expect(await ffmpegRuns()).toBe(1);
  expect(seen.vadPasses).toBe(1);
  expect(seen.transcriberInputs.map((i) => i.speech)).toEqual([SPEECH]);
  // 11 s goes to the transcriber in one piece: the VAD only has to settle its verdict.
  expect(seen.vadOptions).toEqual([{ settleEarly: true }]);
});

it('gives the transcriber no silences to cut at when the VAD stopped early', async () => {
  const { engines, seen } = countingEngines(() => SPEECH, false);
  await transcribeRecording(engines, { audio: webm, language: 'en' });
  expect(seen.vadPasses).toBe(1);
  expect(seen.transcriberInputs.map((i) => i.speech)).toEqual([[]]);
});

it('gives the transcriber no speech segments to look for again when the VAD failed', async () => {
  const { engines, seen } = countingEngines(() => {
    throw new Error('VAD broke');
  });
  await transcribeRecording(engines, { audio: webm, language: 'en' });
  expect(seen.vadPasses).toBe(1);
  expect(seen.transcriberInputs.map((i) => i.speech)).toEqual([[]]);
});

it('keeps nothing for a refused upload, past its bound, or where no worker runs', async () => {
  const kept = new KeptDecodes({ maxBytes: 100_000, maxAgeMs: 60_000 });
  expect(kept.keeper('off')).toBeUndefined(); // not enabled: no worker here
  kept.enable();
  try {
    const long = await silenceClip(3, dir, 'silence-3s.flac');
    const longType = (await sniffAudioFile(long))!;
    await expect(measureDuration(long, longType, { maxDurationSeconds: 2, keep: kept.keeper('too-long') })).rejects.toMatchObject({ code: 'too_large' });
    expect(kept.take('too-long')).toBeUndefined();

    // 11 s of PCM is 352 KB, over this bound of 100 KB: measured all the same, not kept.
    expect(await measureDuration(webm, (await sniffAudioFile(webm))!, { keep: kept.keeper('too-big') })).toBeGreaterThan(10.5);
    expect(kept.take('too-big')).toBeUndefined();

    const fits = await measureDuration(long, longType, { keep: kept.keeper('fits') }); // 3 s is 96 KB
    const decoded = kept.take('fits')!;
    expect(decoded.durationSeconds).toBe(fits);
    kept.keeper('forgotten')?.keep(1);
    kept.forget('forgotten');
    expect(kept.take('forgotten')).toBeUndefined();
    // The refused, the unbounded and the forgotten left no file behind.
    expect(await readdir(dirname(decoded.file))).toEqual([basename(decoded.file)]);
  } finally {
    await kept.disable();
  }
});

it('removes at start what a crashed process kept, and nothing of a live one', async () => {
  const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
  const left = join(tmpdir(), `saaga-decoded-${dead}-test`);
  const live = join(tmpdir(), `saaga-decoded-${process.ppid}-test`);
  for (const folder of [left, live]) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'x.wav'), 'x');
  }
  const kept = new KeptDecodes();
  kept.enable();
  try {
    expect(existsSync(left)).toBe(false);
    expect(existsSync(live)).toBe(true);
  } finally {
    await kept.disable();
    await rm(live, { recursive: true, force: true });
  }
});
