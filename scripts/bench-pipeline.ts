/**
 * npm run bench:pipeline: for each speech clip, audio seconds, upload-to-transcript and
 * upload-to-story through the real server and queue, and the same engine work timed
 * alone, so the pipeline's own overhead shows as a ratio. Against the fake OpenAI server
 * it also prints Saaga's own overhead from the upload's response to the written story:
 * that time less the two engine calls alone (transcriber and writer on the fake server),
 * so the queue's wake-up, the decode, the voice detection and the database all count.
 *
 * Engines: the `openai` adapter against the local fake OpenAI server (its answers are
 * instant, so the figures are Saaga's own cost), and the local engines on the models in
 * MODELS_DIR (default ../shared/models, the test-size ones).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Engines } from '../server/ai/engines.ts';
import { ONE_PIECE_SECONDS, transcribeRecording } from '../server/ai/transcribe-recording.ts';
import { withNormalisedAudio } from '../server/audio/normalise.ts';
import { writeStoryTask } from '../server/pipeline/story-tasks.ts';
import { clipDir, encodeClip } from '../test/support/audio-clips.ts';
import { signedUpClient, uploadForm } from '../test/support/http-client.ts';
import { fakeOpenAiEngines, localTestEngines } from '../test/support/engines.ts';
import { CLIPS, clipTranscript, TEST_MODELS_DIR } from '../test/support/shared-files.ts';
import { startTestApp } from '../test/support/test-app.ts';
import { startFakeOpenAi } from '../test/fakes/openai-server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** BENCH_ONLY=openai measures the fake OpenAI server alone (the own-overhead figure), skipping the slower local engines. */
const ONLY = process.env.BENCH_ONLY;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];
const fmt = (ms: number | undefined) => (ms === undefined ? '   n/a' : `${(ms / 1000).toFixed(2).padStart(6)}`);

interface Row {
  clip: string;
  seconds: number;
  toTranscript: number;
  toStory?: number;
  engineTranscribe: number;
  engineWrite?: number;
}

/** Milliseconds from each upload's response to its written story, less the engine calls alone. */
const ownOverheads: number[] = [];
/** The voice detection of the same clip alone: part of the own overhead, most of it on a quiet machine. */
const vadAlone: number[] = [];

async function measure(name: string, engines: Engines, expectStory: boolean, files: { name: string; file: string; text: string }[]) {
  const server = await startTestApp({ LOGIN_RATE_LIMIT: '100000' }, { engines });
  const { client } = await signedUpClient(server.url, `bench-${Date.now()}@example.com`);
  const rows: Row[] = [];
  try {
    for (const { name: clip, file, text } of files) {
      const bytes = readFileSync(file);
      const runs = { toTranscript: [] as number[], toStory: [] as number[], engineTranscribe: [] as number[], engineWrite: [] as number[] };
      let seconds = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        const response = await uploadForm(client, '/api/recordings', { appLanguage: 'en', contextType: 'new_story' }, { bytes, filename: 'recording.webm' });
        const { recording, story } = await response.json();
        const responded = performance.now();
        let status;
        do {
          await sleep(5);
          status = await (await client.get(`/api/recordings/${recording.id}`)).json();
        } while (status.processingStatus === 'uploaded' || status.processingStatus === 'transcribing');
        runs.toTranscript.push(performance.now() - started);
        seconds = status.duration;
        if (expectStory && status.processingStatus === 'transcribed') {
          let written;
          do {
            await sleep(5);
            written = await (await client.get(`/api/stories/${story.id}`)).json();
          } while (written.processingStatus === 'processing');
          const storyAt = performance.now();
          runs.toStory.push(storyAt - started);
          // The two engine calls alone, on the same clip, right after.
          const engineCalls = await withNormalisedAudio(bytes, {}, async (audio) => {
            const vadStart = performance.now();
            // As the pipeline asks it: a recording in one piece needs the verdict alone.
            await engines.speech.assessFile(audio.file, { settleEarly: audio.durationSeconds <= ONE_PIECE_SECONDS });
            vadAlone.push(performance.now() - vadStart);
            const t = performance.now();
            await engines.transcriber.transcribe({ audio: audio.file, language: 'en' });
            await engines.writer.run(writeStoryTask, { transcripts: [text], language: 'en' });
            return performance.now() - t;
          });
          ownOverheads.push(storyAt - responded - engineCalls);
        }

        const alone = performance.now();
        const result = await transcribeRecording(engines, { audio: bytes, language: 'en' }).catch(() => undefined);
        runs.engineTranscribe.push(performance.now() - alone);
        if (expectStory && result) {
          const writeStart = performance.now();
          await engines.writer.run(writeStoryTask, { transcripts: [text], language: 'en' });
          runs.engineWrite.push(performance.now() - writeStart);
        }
      }
      rows.push({
        clip,
        seconds,
        toTranscript: median(runs.toTranscript),
        toStory: runs.toStory.length ? median(runs.toStory) : undefined,
        engineTranscribe: median(runs.engineTranscribe),
        engineWrite: runs.engineWrite.length ? median(runs.engineWrite) : undefined,
      });
    }
  } finally {
    await server.close();
  }

  console.log(`\n${name} (median of ${ROUNDS}; seconds)`);
  console.log('clip                  audio  upload→transcript  upload→story  engine transcribe  engine write  overhead ratio');
  for (const r of rows) {
    const engineTotal = r.engineTranscribe + (r.engineWrite ?? 0);
    const pipelineTotal = r.toStory ?? r.toTranscript;
    console.log(
      `${r.clip.padEnd(20)} ${r.seconds.toFixed(1).padStart(6)}  ${fmt(r.toTranscript).padStart(17)}  ${fmt(r.toStory).padStart(12)}  ${fmt(r.engineTranscribe).padStart(17)}  ${fmt(r.engineWrite).padStart(12)}  ${(pipelineTotal / engineTotal).toFixed(2).padStart(14)}`,
    );
  }
}

const clips = await clipDir();
const sources = [
  { name: 'jfk (en)', source: CLIPS.jfk },
  { name: 'espeak (en)', source: CLIPS.english },
  { name: 'espeak (fi)', source: CLIPS.finnish },
];
const files = [];
for (const { name, source } of sources) {
  // encodeClip names its output by format, so each clip gets a folder of its own.
  const dir = mkdtempSync(path.join(clips.dir, 'clip-'));
  files.push({ name, file: await encodeClip(source, 'webm-opus', dir), text: clipTranscript(source) });
}

const fake = await startFakeOpenAi();
fake.setTranscript(files[0].text);
fake.setChatReply({ title: 'A memory', content: 'A memory told in the speaker\'s own words.', people: [], locations: [], dates: [], storyType: 'other' });
await measure(
  'openai adapter, fake OpenAI server on loopback',
  fakeOpenAiEngines(fake),
  true,
  files,
);
await fake.close();
console.log(
  `\nown overhead upload -> story: median ${Math.round(median(ownOverheads))} ms (p95 ${Math.round(p95(ownOverheads))} ms; ${ownOverheads.length} uploads, fake OpenAI server; time from the upload's response to the written story less the transcriber and writer calls alone)`,
);
console.log(`  of which voice detection, timed alone on the same clips: median ${Math.round(median(vadAlone))} ms (p95 ${Math.round(p95(vadAlone))} ms)`);

if (ONLY !== 'openai') await measure(
  `local engines (${TEST_MODELS_DIR}; the test whisper model hears no words, so no story)`,
  localTestEngines(),
  false,
  files,
);
await clips.remove();
process.exit(0);
