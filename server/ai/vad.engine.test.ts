import { writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipDir, concatClips, noiseClip, silenceClip } from '../../test/support/audio-clips.ts';
import { waitFor } from '../../test/support/pipeline.ts';
import { CLIPS, TEST_MODELS } from '../../test/support/shared-files.ts';
import { normaliseAudio, normalisedWav } from '../audio/normalise.ts';
import { assessSpeech, FIRST_LOOK_SECONDS, MIN_SPEECH_SECONDS, PROBE_BUDGET_SECONDS, probeSpans, SpeechDetector, VAD_WINDOW_SECONDS } from './vad.ts';

const detector = new SpeechDetector({ modelPath: TEST_MODELS.vad, threads: 2 });
let dir: string;
let remove: () => Promise<void>;

beforeAll(async () => {
  ({ dir, remove } = await clipDir());
});
afterAll(async () => {
  await detector.close();
  await remove();
});

/** The clip as a normalised WAV file, as the transcription job reads it. */
async function normaliseFile(path: string): Promise<string> {
  const out = join(dir, `${basename(path)}.16k.wav`);
  await writeFile(out, normalisedWav(await normaliseAudio(path)));
  return out;
}

async function assess(path: string) {
  return detector.assess((await normaliseAudio(path)).pcm);
}

describe('voice activity detection (Silero through whisper.cpp)', () => {
  it('finds the four phrases of jfk.wav', async () => {
    const result = await assess(CLIPS.jfk);
    expect(result.verdict).toBe('speech');
    expect(result.segments).toHaveLength(4);
    expect(result.segments[0]!.start).toBeCloseTo(0.32, 1);
    expect(result.segments[3]!.end).toBeCloseTo(10.62, 1);
    expect(result.speechSeconds).toBeGreaterThan(7);
  });

  it('hears speech in the English and Finnish clips and in the mp3', async () => {
    for (const clip of [CLIPS.english, CLIPS.finnish, CLIPS.jfkMp3]) {
      expect((await assess(clip)).verdict).toBe('speech');
    }
  });

  it('calls digital silence no speech', async () => {
    const result = await assess(await silenceClip(5, dir));
    expect(result).toMatchObject({ verdict: 'no_speech', speechSeconds: 0, segments: [] });
  });

  it('calls white and brown noise no speech', async () => {
    for (const color of ['white', 'brown'] as const) {
      const result = await assess(await noiseClip(5, dir, color));
      expect(result.verdict, color).not.toBe('speech');
    }
  });

  it('finds speech after a long silence, at the right time', async () => {
    const long = await concatClips([await silenceClip(8, dir, 'lead.wav'), CLIPS.jfk], dir, 'lead-jfk.wav');
    const result = await assess(long);
    expect(result.verdict).toBe('speech');
    expect(result.segments[0]!.start).toBeGreaterThan(8);
  });

  it('finds speech running over the edge of a detection window as one stretch, from a file as from memory', async () => {
    // In windows of 3 s, jfk's third phrase (5.4 s to 7.7 s) runs over the edge at 6 s, the fourth over 9 s.
    const windowed = new SpeechDetector({ modelPath: TEST_MODELS.vad, threads: 2, windowSeconds: 3 });
    try {
      const whole = await detector.detect((await normaliseAudio(CLIPS.jfk)).pcm);
      const fromFile = await windowed.detectFile(CLIPS.jfk);
      expect(await windowed.detect((await normaliseAudio(CLIPS.jfk)).pcm)).toEqual(fromFile);
      expect(fromFile).toHaveLength(whole.length);
      fromFile.forEach((segment, i) => {
        expect(Math.abs(segment.start - whole[i]!.start), `start of ${i}`).toBeLessThan(0.1);
        expect(Math.abs(segment.end - whole[i]!.end), `end of ${i}`).toBeLessThan(0.1);
      });
      expect(fromFile[2]!.start).toBeLessThan(6);
      expect(fromFile[2]!.end).toBeGreaterThan(6);
    } finally {
      await windowed.close();
    }
  });

  it('settles the verdict early when asked: stops once it hears speech enough, looks on through silence', async () => {
    // jfk speaks from 0.3 s: the first look settles it, without the rest of the 11 s.
    const early = await detector.assessFile(CLIPS.jfk, { settleEarly: true });
    expect(early).toMatchObject({ verdict: 'speech', complete: false });
    expect(early.segments.at(-1)!.end).toBeLessThanOrEqual(FIRST_LOOK_SECONDS + 0.1);
    expect(await detector.assessFile(CLIPS.jfk)).toMatchObject({ verdict: 'speech', complete: true });
    // Speech only after the first look: found further on, as by the whole pass.
    const lead = await concatClips([await silenceClip(8, dir, 'lead-8.wav'), CLIPS.jfk], dir, 'lead-8-jfk.wav');
    const late = await detector.assessFile((await normaliseFile(lead)), { settleEarly: true });
    expect(late.verdict).toBe('speech');
    expect(late.segments[0]!.start).toBeGreaterThan(8);
    // No speech at all: looked at to the end, the same verdict as the whole pass.
    const silent = await detector.assessFile(await normaliseFile(await silenceClip(12, dir, 'silence-12.wav')), { settleEarly: true });
    expect(silent).toMatchObject({ verdict: 'no_speech', complete: true, segments: [] });
  });

  it('calls less than half a second of speech very little speech', () => {
    expect(assessSpeech([{ start: 1, end: 1.3 }]).verdict).toBe('very_little_speech');
    expect(assessSpeech([{ start: 1, end: 1 + MIN_SPEECH_SECONDS }]).verdict).toBe('speech');
    expect(assessSpeech([]).verdict).toBe('no_speech');
  });

  it('reports whether its model is there', () => {
    expect(detector.isAvailable()).toBe(true);
    expect(new SpeechDetector({ modelPath: '/nowhere/model.bin' }).isAvailable()).toBe(false);
  });
});

describe('a long recording: a bounded first look before the whole pass (decision 030)', () => {
  const HALF_HOUR = 1800;
  /** A detector of its own, so its count of the audio looked at is this test's alone. */
  async function withDetector<T>(use: (detector: SpeechDetector) => Promise<T>): Promise<T> {
    const own = new SpeechDetector({ modelPath: TEST_MODELS.vad, threads: 2 });
    try {
      return await use(own);
    } finally {
      await own.close();
    }
  }

  it('refuses half an hour of silence after looking at the probes alone', async () => {
    const silence = await silenceClip(HALF_HOUR, dir, 'silence-half-hour.wav');
    await withDetector(async (own) => {
      expect(await own.assessFile(silence)).toMatchObject({ verdict: 'no_speech', segments: [], complete: false });
      expect(own.examinedSeconds).toBeLessThanOrEqual(PROBE_BUDGET_SECONDS);
    });
  });

  it('refuses half an hour of steady noise after the probes: nothing stands out from its floor', async () => {
    const noise = await noiseClip(HALF_HOUR, dir, 'brown', 0.05);
    await withDetector(async (own) => {
      expect((await own.assessFile(noise)).verdict).not.toBe('speech');
      expect(own.examinedSeconds).toBeLessThanOrEqual(PROBE_BUDGET_SECONDS);
    });
  });

  it('hears half a minute of speech that falls between the probes, by its loudness', async () => {
    const quiet = await silenceClip(900, dir, 'silence-15-minutes.wav');
    const clip = await concatClips([quiet, CLIPS.jfk, CLIPS.jfk, CLIPS.jfk, quiet], dir, 'speech-between-probes.wav');
    // The speech (900 s to 933 s) is not in any probe.
    const seconds = 1800 + 33;
    expect(probeSpans(seconds).filter((p) => p.end > 900 && p.start < 933)).toEqual([]);
    await withDetector(async (own) => {
      const result = await own.assessFile(clip, { settleEarly: true });
      expect(result.verdict).toBe('speech');
      expect(result.segments[0]!.start).toBeGreaterThan(899);
      // The probes and the loud stretch around the speech, not the half hour.
      expect(own.examinedSeconds).toBeLessThan(PROBE_BUDGET_SECONDS + 60);
    });
  });

  it('stops between windows when its signal is aborted', async () => {
    // Short enough to be looked at whole: four windows.
    const silence = await silenceClip(4 * VAD_WINDOW_SECONDS - 10, dir, 'silence-4-windows.wav');
    await withDetector(async (own) => {
      const controller = new AbortController();
      const detecting = own.assessFile(silence, { signal: controller.signal });
      // Aborted once the first window is done: at most the one running then is finished.
      await waitFor(async () => own.examinedSeconds, (seconds) => seconds > 0, 60_000);
      controller.abort();
      await expect(detecting).rejects.toThrow(/abort/i);
      expect(own.examinedSeconds).toBeLessThanOrEqual(2 * VAD_WINDOW_SECONDS);
    });
  });
});
