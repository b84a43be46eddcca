import { afterAll, describe, expect, it } from 'vitest';
import { CLIPS } from '../../test/support/shared-files.ts';
import { SpeechDetector } from '../ai/vad.ts';
import { timeTranscript } from './time-transcript.ts';

// The alignment itself is align.ts's (and transcribe-recording.engine.test.ts's); here, what
// is timed from what, and that no time is made up without the voice detection.
const missing = new SpeechDetector({ modelPath: '/nowhere/ggml-silero.bin' });
const broken = new SpeechDetector({ modelPath: CLIPS.jfk }); // a file, but not a model
afterAll(async () => {
  await missing.close();
  await broken.close();
});

const text = 'I grew up on a farm. We had cows.';

describe('timing a new transcript', () => {
  it('takes the engine\'s word times first, without looking at the speech', async () => {
    const words = [
      { text: 'I', start: 0.1, end: 0.2 }, { text: 'grew', start: 0.2, end: 0.5 }, { text: 'up', start: 0.5, end: 0.6 },
      { text: 'on', start: 0.6, end: 0.7 }, { text: 'a', start: 0.7, end: 0.8 }, { text: 'farm', start: 0.8, end: 1.2 },
      { text: 'We', start: 2, end: 2.2 }, { text: 'had', start: 2.2, end: 2.5 }, { text: 'cows', start: 2.5, end: 3 },
    ];
    const timings = await timeTranscript({ transcript: { text, segments: [], words, language: 'en', durationSeconds: 3 }, file: CLIPS.jfk, speech: null, detector: broken });
    expect(timings).toMatchObject({ source: 'words', sentences: [{ text: 'I grew up on a farm.', start: 0.1, end: 1.2 }, { text: 'We had cows.', start: 2, end: 3 }] });
  });

  it('makes up no times with no voice detection model', async () => {
    const timings = await timeTranscript({ transcript: { text, segments: [], language: 'en', durationSeconds: 3 }, file: CLIPS.jfk, speech: null, detector: missing });
    expect(timings).toEqual({ source: 'none', sentences: [] });
  });

  it('makes up no times when the voice detection fails, and says so', async () => {
    const logged: string[] = [];
    const timings = await timeTranscript({
      transcript: { text, segments: [], language: 'en', durationSeconds: 3 },
      file: CLIPS.jfk,
      speech: { verdict: 'speech', speechSeconds: 1, segments: [{ start: 0, end: 1 }], complete: false },
      detector: broken,
      log: (_level, message) => logged.push(message),
    });
    expect(timings).toEqual({ source: 'none', sentences: [] });
    expect(logged).toEqual([expect.stringContaining('VAD failed')]);
  });
});
