import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en/diagnostics.json';
import fi from '../i18n/locales/fi/diagnostics.json';
import {
  browserSupportOutcome,
  type CheckId,
  type CheckLine,
  mediaDevicesOutcome,
  microphoneOutcome,
  type Outcome,
  recorderOutcome,
  recordingOutcome,
  runChecks,
  serverOutcome,
} from './checks.ts';

const passed = (): Promise<Outcome> => Promise.resolve({ passed: true, reason: { key: 'ok' } });

function probes(overrides: Partial<Record<CheckId, () => Promise<Outcome>>> = {}): Record<CheckId, () => Promise<Outcome>> {
  return {
    browserSupport: passed,
    mediaDevices: passed,
    recorder: passed,
    microphonePermission: passed,
    recorderCreation: passed,
    server: passed,
    ...overrides,
  };
}

describe('runChecks', () => {
  it('runs every check in order and reports each one running before its result', async () => {
    const reports: CheckLine[][] = [];
    const lines = await runChecks(probes(), (current) => reports.push(current));
    expect(lines.map((line) => line.state)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass', 'pass']);
    expect(reports[0].map((line) => line.state)).toEqual(['running', 'waiting', 'waiting', 'waiting', 'waiting', 'waiting']);
    expect(reports).toHaveLength(12);
  });

  it('skips the checks after a failed one, without running them', async () => {
    let recorderRan = false;
    const lines = await runChecks(
      probes({
        microphonePermission: async () => microphoneOutcome(new DOMException('denied', 'NotAllowedError')),
        recorderCreation: async () => {
          recorderRan = true;
          return { passed: true, reason: { key: 'recorded' } };
        },
      }),
      () => {},
    );
    expect(lines.map((line) => line.state)).toEqual(['pass', 'pass', 'pass', 'fail', 'skipped', 'skipped']);
    expect(lines[3].reason?.key).toBe('microphone.permission_denied');
    expect(recorderRan).toBe(false);
  });

  it('fails a check whose probe throws, with the error in words', async () => {
    const lines = await runChecks(probes({ mediaDevices: () => Promise.reject(new Error('enumerate broke')) }), () => {});
    expect(lines[1]).toMatchObject({ state: 'fail', reason: { key: 'unexpected', values: { message: 'enumerate broke' } } });
    expect(lines.slice(2).every((line) => line.state === 'skipped')).toBe(true);
  });

  it('stops once the run is replaced', async () => {
    let cancelled = false;
    const lines = await runChecks(
      probes({
        mediaDevices: async () => {
          cancelled = true;
          return { passed: true, reason: { key: 'ok' } };
        },
      }),
      () => {},
      () => cancelled,
    );
    expect(lines.map((line) => line.state)).toEqual(['pass', 'running', 'waiting', 'waiting', 'waiting', 'waiting']);
  });
});

describe('the outcomes', () => {
  const everything = { hasMediaRecorder: true, hasGetUserMedia: true, hasAudioContext: true, isSecureContext: true };

  it('names what the browser lacks, and blames plain http for a hidden microphone', () => {
    expect(browserSupportOutcome(everything).passed).toBe(true);
    expect(browserSupportOutcome({ ...everything, hasMediaRecorder: false, hasAudioContext: false })).toEqual({
      passed: false,
      reason: { key: 'browserMissing', values: { missing: 'MediaRecorder, AudioContext' } },
    });
    expect(browserSupportOutcome({ ...everything, hasGetUserMedia: false, isSecureContext: false }).reason.key).toBe('insecureContext');
  });

  it('needs an audio input among the devices', () => {
    expect(mediaDevicesOutcome([{ kind: 'videoinput' }, { kind: 'audiooutput' }])).toMatchObject({ passed: false, reason: { key: 'noAudioInput' } });
    expect(mediaDevicesOutcome([{ kind: 'audioinput' }, { kind: 'audioinput' }])).toMatchObject({ passed: true, reason: { values: { count: 2 } } });
  });

  it('names the first preferred format the recorder supports', () => {
    expect(recorderOutcome((type) => type === 'audio/mp4')).toMatchObject({ passed: true, reason: { values: { format: 'audio/mp4' } } });
    expect(recorderOutcome(() => false)).toMatchObject({ passed: false, reason: { key: 'noPreferredFormat' } });
  });

  it('turns a microphone error into the spec text kind', () => {
    expect(microphoneOutcome(null).passed).toBe(true);
    expect(microphoneOutcome(new DOMException('none', 'NotFoundError')).reason.key).toBe('microphone.no_microphone');
  });

  it('passes a recording only with bytes', () => {
    expect(recordingOutcome(0, 'audio/webm').passed).toBe(false);
    expect(recordingOutcome(4210, 'audio/webm;codecs=opus')).toMatchObject({ passed: true, reason: { values: { bytes: 4210 } } });
  });

  it('reads the health reply: ok, degraded with the engines not ready, unavailable, unreachable, nonsense', () => {
    const components = [
      { name: 'database', ready: true },
      { name: 'transcriber', ready: false },
      { name: 'writer', ready: true },
    ];
    expect(serverOutcome({ reachable: true, httpStatus: 200, body: { status: 'ok', components: [] } })).toMatchObject({ passed: true, reason: { key: 'serverOk' } });
    expect(serverOutcome({ reachable: true, httpStatus: 200, body: { status: 'degraded', components } })).toMatchObject({
      passed: true,
      reason: { key: 'serverDegraded', engines: ['transcriber'] },
    });
    expect(serverOutcome({ reachable: true, httpStatus: 503, body: { status: 'unavailable', components } }).passed).toBe(false);
    expect(serverOutcome({ reachable: false }).reason.key).toBe('serverUnreachable');
    expect(serverOutcome({ reachable: true, httpStatus: 502, body: null })).toMatchObject({ passed: false, reason: { values: { status: 502 } } });
  });
});

/** Every key path of a namespace, e.g. "reasons.microphone.no_microphone". */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

it('has the same texts in English and Finnish, with the same placeholders', () => {
  expect(keyPaths(fi).sort()).toEqual(keyPaths(en).sort());
  const placeholders = (json: unknown) =>
    keyPaths(json).map((path) => {
      const text = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], json);
      return [path, [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()];
    });
  expect(placeholders(fi).sort()).toEqual(placeholders(en).sort());
});
