import type { RecordingUploadResponse } from '../../../contract/uploads.ts';
import type { ContextFields } from './recordingContext.ts';

/** A take that passed the checks at stop (or was kept as it was when the person left). */
export interface Take {
  audio: Blob;
  durationSeconds: number;
  recordedAt: Date;
  /** Its copy on this device (unsavedTakes.ts), forgotten once the server has it; null when none could be kept. */
  copyId: string | null;
}

/**
 * Where the recorder is (spec 4, "Recorder"): idle until the microphone opens (the streaming
 * recorder is connecting first, while its live text socket opens); recording
 * and paused while it is open; analyzing during the checks at stop; stopped with a take
 * while the person chooses what it is about; uploading; done once the server has it.
 */
export type RecorderStep =
  | { phase: 'idle' }
  | { phase: 'connecting' }
  | { phase: 'recording' }
  | { phase: 'paused' }
  | { phase: 'analyzing' }
  /** `context`: what was chosen for an upload that failed, offered again as it was typed. */
  | { phase: 'stopped'; take: Take; context?: ContextFields }
  | { phase: 'uploading'; take: Take; context: ContextFields }
  | { phase: 'done'; context: ContextFields; response: RecordingUploadResponse; answeredAt: number };

export type RecorderPhase = RecorderStep['phase'];

export type RecorderEvent =
  /** The streaming recorder opens its socket before the microphone. */
  | { type: 'connecting' }
  | { type: 'started' }
  | { type: 'paused' }
  | { type: 'resumed' }
  | { type: 'stopping' }
  | { type: 'checked'; take: Take }
  /** The microphone failed, or the take failed a check: back to idle (the toast says why). */
  | { type: 'failed' }
  | { type: 'contextChosen'; context: ContextFields }
  | { type: 'uploaded'; response: RecordingUploadResponse; answeredAt: number }
  /** The upload failed: the take is still here, to send again or keep. */
  | { type: 'uploadFailed' }
  /** No network: the take waits on this device with its context, to upload by itself later (issue 31). */
  | { type: 'keptWaiting' }
  /** The person confirmed throwing the take away. */
  | { type: 'discarded' };

export const INITIAL_STEP: RecorderStep = { phase: 'idle' };

/** The next step for an event; an event that makes no sense in a step leaves it as it is. */
export function nextStep(step: RecorderStep, event: RecorderEvent): RecorderStep {
  switch (event.type) {
    case 'connecting':
      return step.phase === 'idle' ? { phase: 'connecting' } : step;
    case 'started':
      return step.phase === 'idle' || step.phase === 'connecting' ? { phase: 'recording' } : step;
    case 'paused':
      return step.phase === 'recording' ? { phase: 'paused' } : step;
    case 'resumed':
      return step.phase === 'paused' ? { phase: 'recording' } : step;
    case 'stopping':
      return step.phase === 'recording' || step.phase === 'paused' ? { phase: 'analyzing' } : step;
    case 'checked':
      return step.phase === 'analyzing' ? { phase: 'stopped', take: event.take } : step;
    case 'failed':
      return step.phase === 'recording' ||
        step.phase === 'paused' ||
        step.phase === 'analyzing' ||
        step.phase === 'idle' ||
        step.phase === 'connecting'
        ? INITIAL_STEP
        : step;
    case 'contextChosen':
      return step.phase === 'stopped' ? { phase: 'uploading', take: step.take, context: event.context } : step;
    case 'uploaded':
      return step.phase === 'uploading'
        ? { phase: 'done', context: step.context, response: event.response, answeredAt: event.answeredAt }
        : step;
    case 'uploadFailed':
      return step.phase === 'uploading' ? { phase: 'stopped', take: step.take, context: step.context } : step;
    case 'keptWaiting':
      return step.phase === 'uploading' ? INITIAL_STEP : step;
    case 'discarded':
      return step.phase === 'done' ? step : INITIAL_STEP;
  }
}

/**
 * What leaving the recorder means (Back, the browser's Back, a link, a reload):
 * free when nothing would be lost; ask while there is a take that is not on the server
 * (keep it for later, discard it, or stay); wait while an upload that has no story yet
 * is on its way.
 */
export type LeaveRule = 'free' | 'ask' | 'wait';

export function leaveRule(step: RecorderStep): LeaveRule {
  switch (step.phase) {
    case 'idle':
    case 'connecting':
    case 'done':
      return 'free';
    case 'recording':
    case 'paused':
    case 'analyzing':
    case 'stopped':
      return 'ask';
    case 'uploading':
      return step.context.contextType === 'story' ? 'free' : 'wait';
  }
}

/** Pause and resume are offered only while recording or paused. */
export function canPauseOrResume(phase: RecorderPhase): boolean {
  return phase === 'recording' || phase === 'paused';
}

/** Key of the status text under the timer: tap to record, connecting (the live namespace's), recording in progress, paused, analyzing audio, processing in background. */
export function recorderStatusKey(phase: RecorderPhase): string {
  const keys: Record<RecorderPhase, string> = {
    idle: 'status.tapToRecord',
    connecting: 'live:recorder.connecting',
    recording: 'status.recording',
    paused: 'status.paused',
    analyzing: 'status.analyzing',
    stopped: 'status.analyzing',
    uploading: 'status.processing',
    done: 'status.processing',
  };
  return keys[phase];
}
