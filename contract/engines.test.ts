import { describe, expect, it } from 'vitest';
import { awaitedEngine, type EngineReadiness, storyPendingWork } from './engines.ts';

const readiness = (transcriber: boolean, writer: boolean): EngineReadiness => ({ transcriber: { ready: transcriber }, writer: { ready: writer }, narrator: { adapter: null } });

describe('awaitedEngine', () => {
  it('names the transcriber first, then the writer, and nothing when the engine is ready or nothing is pending', () => {
    const both = { transcription: true, writing: true };
    expect(awaitedEngine(readiness(false, false), both)).toBe('transcriber');
    expect(awaitedEngine(readiness(true, false), both)).toBe('writer');
    expect(awaitedEngine(readiness(true, true), both)).toBeNull();
    expect(awaitedEngine(readiness(false, false), { transcription: false, writing: false })).toBeNull();
    expect(awaitedEngine(readiness(false, true), { transcription: false, writing: true })).toBeNull();
    expect(awaitedEngine(undefined, both)).toBeNull();
  });
});

describe('storyPendingWork', () => {
  it('a processing story needs transcription (unless its recordings are known to be done) and writing', () => {
    expect(storyPendingWork({ processingStatus: 'processing', hasText: false })).toEqual({ transcription: true, writing: true });
    expect(storyPendingWork({ processingStatus: 'processing', hasText: false }, false)).toEqual({ transcription: false, writing: true });
  });

  it('a draft with text still needs writing; an empty draft and a written story need nothing', () => {
    expect(storyPendingWork({ processingStatus: 'draft', hasText: true }, false)).toEqual({ transcription: false, writing: true });
    expect(storyPendingWork({ processingStatus: 'draft', hasText: false }, false)).toEqual({ transcription: false, writing: false });
    expect(storyPendingWork({ processingStatus: 'generated', hasText: true }, false)).toEqual({ transcription: false, writing: false });
  });

  it('a written story with a new recording still being transcribed needs the transcriber', () => {
    expect(storyPendingWork({ processingStatus: 'generated', hasText: true }, true)).toEqual({ transcription: true, writing: false });
  });
});
