import { describe, expect, it } from 'vitest';
import type { RecordingUploadResponse } from '../../../contract/uploads.ts';
import {
  canPauseOrResume,
  INITIAL_STEP,
  leaveRule,
  nextStep,
  recorderStatusKey,
  type RecorderEvent,
  type RecorderStep,
  type Take,
} from './recorderMachine.ts';

const take: Take = { audio: new Blob(['x']), durationSeconds: 3, recordedAt: new Date(2026, 0, 1), copyId: null };
const response: RecordingUploadResponse = { recording: { id: 1, processingStatus: 'uploaded' }, story: { id: 2 }, isContextOnly: false };
const run = (...events: RecorderEvent[]) => events.reduce(nextStep, INITIAL_STEP);

describe('nextStep', () => {
  it('goes idle → recording → paused → recording → analyzing → stopped → uploading → done', () => {
    const phases: string[] = [];
    let step: RecorderStep = INITIAL_STEP;
    for (const event of [
      { type: 'started' },
      { type: 'paused' },
      { type: 'resumed' },
      { type: 'stopping' },
      { type: 'checked', take },
      { type: 'contextChosen', context: { contextType: 'new_story', contextName: 'Summer' } },
      { type: 'uploaded', response, answeredAt: 5 },
    ] satisfies RecorderEvent[]) {
      step = nextStep(step, event);
      phases.push(step.phase);
    }
    expect(phases).toEqual(['recording', 'paused', 'recording', 'analyzing', 'stopped', 'uploading', 'done']);
  });

  it('pauses only while recording and resumes only while paused', () => {
    expect(run({ type: 'paused' })).toBe(INITIAL_STEP);
    expect(run({ type: 'started' }, { type: 'resumed' }).phase).toBe('recording');
    expect(run({ type: 'started' }, { type: 'paused' }, { type: 'paused' }).phase).toBe('paused');
  });

  it('keeps the take and what was chosen for it when the upload fails, so it can be sent again or kept', () => {
    const step = run(
      { type: 'started' },
      { type: 'stopping' },
      { type: 'checked', take },
      { type: 'contextChosen', context: { contextType: 'new_story', contextName: 'Summer at the lake' } },
      { type: 'uploadFailed' },
    );
    expect(step).toEqual({ phase: 'stopped', take, context: { contextType: 'new_story', contextName: 'Summer at the lake' } });
  });

  it('a take kept waiting for the network leaves the recorder free: the device has it, with its context', () => {
    const step = run(
      { type: 'started' },
      { type: 'stopping' },
      { type: 'checked', take },
      { type: 'contextChosen', context: { contextType: 'new_story' } },
      { type: 'keptWaiting' },
    );
    expect(step).toEqual(INITIAL_STEP);
    expect(leaveRule(step)).toBe('free');
    // Only an upload under way can be kept waiting: a take still being chosen for stays.
    expect(run({ type: 'started' }, { type: 'stopping' }, { type: 'checked', take }, { type: 'keptWaiting' }).phase).toBe('stopped');
  });

  it('a failed check or microphone goes back to idle; a finished upload is never undone', () => {
    expect(run({ type: 'started' }, { type: 'stopping' }, { type: 'failed' })).toEqual(INITIAL_STEP);
    const done = run(
      { type: 'started' },
      { type: 'stopping' },
      { type: 'checked', take },
      { type: 'contextChosen', context: { contextType: 'new_story', contextName: 'x' } },
      { type: 'uploaded', response, answeredAt: 1 },
    );
    expect(nextStep(done, { type: 'discarded' })).toBe(done);
    expect(nextStep(done, { type: 'failed' })).toBe(done);
  });
});

describe('the streaming recorder (connecting first)', () => {
  it('goes idle → connecting → recording, and a failure while connecting goes back to idle', () => {
    expect(run({ type: 'connecting' })).toEqual({ phase: 'connecting' });
    expect(run({ type: 'connecting' }, { type: 'started' })).toEqual({ phase: 'recording' });
    expect(run({ type: 'connecting' }, { type: 'failed' })).toEqual(INITIAL_STEP);
    expect(run({ type: 'connecting' }, { type: 'discarded' })).toEqual(INITIAL_STEP);
  });

  it('connects only from idle, offers no pause while connecting, and leaves freely', () => {
    expect(run({ type: 'started' }, { type: 'connecting' })).toEqual({ phase: 'recording' });
    expect(run({ type: 'connecting' }, { type: 'paused' })).toEqual({ phase: 'connecting' });
    expect(run({ type: 'connecting' }, { type: 'stopping' })).toEqual({ phase: 'connecting' });
    expect(canPauseOrResume('connecting')).toBe(false);
    expect(leaveRule({ phase: 'connecting' })).toBe('free');
    expect(recorderStatusKey('connecting')).toBe('live:recorder.connecting');
  });
});

describe('leaveRule', () => {
  it('asks whenever a take exists that the server does not have', () => {
    expect(leaveRule(run({ type: 'started' }))).toBe('ask');
    expect(leaveRule(run({ type: 'started' }, { type: 'paused' }))).toBe('ask');
    expect(leaveRule(run({ type: 'started' }, { type: 'stopping' }))).toBe('ask');
    expect(leaveRule(run({ type: 'started' }, { type: 'stopping' }, { type: 'checked', take }))).toBe('ask');
  });

  it('is free with nothing recorded or everything uploaded', () => {
    expect(leaveRule(INITIAL_STEP)).toBe('free');
    expect(leaveRule({ phase: 'done', context: { contextType: 'unassigned' }, response, answeredAt: 1 })).toBe('free');
  });

  it('waits for an upload that has no story yet, but not for one added to a known story', () => {
    expect(leaveRule({ phase: 'uploading', take, context: { contextType: 'new_story', contextName: 'x' } })).toBe('wait');
    expect(leaveRule({ phase: 'uploading', take, context: { contextType: 'story', contextId: 4 } })).toBe('free');
  });
});

describe('recorderStatusKey and canPauseOrResume', () => {
  it('name the status of every phase and offer pause only while the microphone is open', () => {
    expect(recorderStatusKey('idle')).toBe('status.tapToRecord');
    expect(recorderStatusKey('recording')).toBe('status.recording');
    expect(recorderStatusKey('paused')).toBe('status.paused');
    expect(recorderStatusKey('analyzing')).toBe('status.analyzing');
    expect(recorderStatusKey('uploading')).toBe('status.processing');
    expect(canPauseOrResume('recording')).toBe(true);
    expect(canPauseOrResume('paused')).toBe(true);
    expect(canPauseOrResume('idle')).toBe(false);
    expect(canPauseOrResume('stopped')).toBe(false);
  });
});
