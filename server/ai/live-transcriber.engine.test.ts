import { afterAll, expect, it } from 'vitest';
import { normaliseAudio } from '../audio/normalise.ts';
import { slicePcm } from '../audio/wav.ts';
import { localTestEngines } from '../../test/support/engines.ts';
import { CLIPS } from '../../test/support/shared-files.ts';

// The local live engine through real whisper.cpp on the test-size model (which hears no
// words): a second of speech, ended at once, comes back as one final through the durable
// model's context, and the stream lets go. The windowing itself is tested without whisper
// in local/live-transcriber.test.ts; the socket in server/live/.
const engines = localTestEngines();
afterAll(() => engines.close());

it('transcribes a short utterance with whisper.cpp as one final and ends', async () => {
  const pcm = slicePcm((await normaliseAudio(CLIPS.jfk)).pcm, 0.3, 1.3);
  const events: string[] = [];
  const stream = await engines.live.start({ language: 'en', signal: new AbortController().signal }, {
    partial: () => events.push('partial'),
    final: (text) => events.push(`final:${text}`),
    error: (error) => events.push(`error:${error.message}`),
  });
  stream.write(new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2));
  await stream.end();
  // The test-size model has no weights: an empty final, but a final, and no error.
  expect(events).toEqual(['final:']);
}, 120_000);
