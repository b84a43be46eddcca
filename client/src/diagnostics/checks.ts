import { z } from 'zod';
import { type MicrophoneErrorKind, microphoneErrorKind } from '../takes/microphone.ts';
import { chooseRecordingFormat } from '../microphone/format.ts';

/** The checks of the recording diagnostics card, in the order they run (spec "Recording diagnostics card"). */
export const CHECK_IDS = ['browserSupport', 'mediaDevices', 'recorder', 'microphonePermission', 'recorderCreation', 'server'] as const;
export type CheckId = (typeof CHECK_IDS)[number];

export type CheckState = 'waiting' | 'running' | 'pass' | 'fail' | 'skipped';

/** Why a check passed or failed: a key under `reasons` in the diagnostics namespace, its values, engine names to list. */
export interface Reason {
  key: string;
  values?: Record<string, string | number>;
  engines?: string[];
}

export interface Outcome {
  passed: boolean;
  reason: Reason;
}

export interface CheckLine {
  id: CheckId;
  state: CheckState;
  reason?: Reason;
}

const pass = (key: string, values?: Reason['values'], engines?: string[]): Outcome => ({ passed: true, reason: { key, values, engines } });
const fail = (key: string, values?: Reason['values']): Outcome => ({ passed: false, reason: { key, values } });

export function initialLines(): CheckLine[] {
  return CHECK_IDS.map((id) => ({ id, state: 'waiting' }));
}

/**
 * Runs the checks one after another, reporting every change of the lines. A failed check
 * makes the later ones skipped: each needs what the earlier ones found (no microphone, no
 * recording). A probe that throws fails its line with the error's words. Stops reporting
 * once `isCancelled` says the run was replaced.
 */
export async function runChecks(
  probes: Record<CheckId, () => Promise<Outcome>>,
  report: (lines: CheckLine[]) => void,
  isCancelled: () => boolean = () => false,
): Promise<CheckLine[]> {
  let lines = initialLines();
  const set = (index: number, line: Omit<CheckLine, 'id'>) => {
    lines = lines.map((current, i) => (i === index ? { id: current.id, ...line } : current));
    if (!isCancelled()) report(lines);
  };
  for (const [index, id] of CHECK_IDS.entries()) {
    if (isCancelled()) return lines;
    set(index, { state: 'running' });
    let outcome: Outcome;
    try {
      outcome = await probes[id]();
    } catch (error) {
      outcome = fail('unexpected', { message: error instanceof Error ? error.message : String(error) });
    }
    if (isCancelled()) return lines;
    set(index, { state: outcome.passed ? 'pass' : 'fail', reason: outcome.reason });
    if (!outcome.passed) {
      lines = lines.map((line, i) => (i > index ? { id: line.id, state: 'skipped', reason: { key: 'skipped' } } : line));
      report(lines);
      return lines;
    }
  }
  return lines;
}

export interface BrowserFeatures {
  hasMediaRecorder: boolean;
  hasGetUserMedia: boolean;
  hasAudioContext: boolean;
  isSecureContext: boolean;
}

/** Browser support: MediaRecorder, getUserMedia and AudioContext all present; the missing ones named. */
export function browserSupportOutcome(features: BrowserFeatures): Outcome {
  const missing = [
    !features.hasMediaRecorder && 'MediaRecorder',
    !features.hasGetUserMedia && 'getUserMedia',
    !features.hasAudioContext && 'AudioContext',
  ].filter((name): name is string => Boolean(name));
  if (missing.length === 0) return pass('browserSupported');
  // Without https the browser hides the microphone: that is the thing to fix, not the browser.
  if (!features.hasGetUserMedia && !features.isSecureContext) return fail('insecureContext');
  return fail('browserMissing', { missing: missing.join(', ') });
}

/** Media devices: at least one audio input is listed. */
export function mediaDevicesOutcome(devices: readonly { kind: string }[]): Outcome {
  const inputs = devices.filter((device) => device.kind === 'audioinput').length;
  return inputs > 0 ? pass('audioInputs', { count: inputs }) : fail('noAudioInput');
}

/** Recorder availability: the first of the preferred formats the browser records, by name. */
export function recorderOutcome(isTypeSupported: (mimeType: string) => boolean): Outcome {
  const format = chooseRecordingFormat(isTypeSupported);
  return format ? pass('formatSupported', { format: format.mimeType }) : fail('noPreferredFormat');
}

/** Microphone permission: null when the microphone opened, else the error getUserMedia gave (spec 8.4 texts). */
export function microphoneOutcome(error: unknown): Outcome {
  if (error === null) return pass('microphoneAllowed');
  const kind: MicrophoneErrorKind = microphoneErrorKind(error);
  return fail(`microphone.${kind}`);
}

/** Recorder creation: a short recording produced bytes. */
export function recordingOutcome(bytes: number, mimeType: string): Outcome {
  return bytes > 0 ? pass('recorded', { bytes, format: mimeType || '?' }) : fail('noBytes');
}

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  components: z.array(z.object({ name: z.string(), ready: z.boolean() })),
});

export type HealthReply = { reachable: false } | { reachable: true; httpStatus: number; body: unknown };

/**
 * Server connectivity from GET /api/health: reachable and ok passes; degraded passes too (the
 * server keeps every recording, work waits) and names the engines that are not ready;
 * unavailable, another status or no answer fails.
 */
export function serverOutcome(reply: HealthReply): Outcome {
  if (!reply.reachable) return fail('serverUnreachable');
  const health = healthSchema.safeParse(reply.body);
  if (!health.success) return fail('serverStatus', { status: reply.httpStatus });
  if (health.data.status === 'ok') return pass('serverOk');
  if (health.data.status === 'degraded') {
    const notReady = health.data.components.filter((component) => !component.ready).map((component) => component.name);
    return pass('serverDegraded', undefined, notReady);
  }
  return fail('serverUnavailable');
}
