import { openMicrophone, preferredRecorder, releaseMicrophone } from '../microphone/take.ts';
import { browserRecordingEnvironment } from '../recorder/recordingSupport.ts';
import {
  browserSupportOutcome,
  type CheckId,
  type HealthReply,
  mediaDevicesOutcome,
  microphoneOutcome,
  type Outcome,
  recorderOutcome,
  recordingOutcome,
  serverOutcome,
} from './checks.ts';
import { readHealth } from '../api/health.ts';

/** How long the test recording lasts, and how long its stop may take before the check gives up. */
const TEST_RECORDING_MS = 1000;
const STOP_TIMEOUT_MS = 5000;
const HEALTH_TIMEOUT_MS = 10_000;

/**
 * The probes of one run, against this browser and server. The microphone opened by the
 * permission check is used by the recorder check; `release` stops its tracks (always call it).
 */
export function browserProbes(): { probes: Record<CheckId, () => Promise<Outcome>>; release: () => void } {
  let stream: MediaStream | null = null;
  const release = () => {
    if (stream) releaseMicrophone(stream);
    stream = null;
  };

  const probes: Record<CheckId, () => Promise<Outcome>> = {
    browserSupport: async () => {
      const environment = browserRecordingEnvironment();
      const audioWindow = window as Window & { webkitAudioContext?: unknown };
      return browserSupportOutcome({
        ...environment,
        hasAudioContext: typeof window.AudioContext === 'function' || typeof audioWindow.webkitAudioContext === 'function',
      });
    },
    mediaDevices: async () => mediaDevicesOutcome(await navigator.mediaDevices.enumerateDevices()),
    recorder: async () => recorderOutcome((mimeType) => MediaRecorder.isTypeSupported(mimeType)),
    microphonePermission: async () => {
      try {
        stream = await openMicrophone();
        return microphoneOutcome(null);
      } catch (error) {
        return microphoneOutcome(error);
      }
    },
    recorderCreation: async () => {
      if (!stream) throw new Error('no microphone stream');
      const { recorder } = preferredRecorder(stream);
      const bytes = await recordFor(recorder, TEST_RECORDING_MS);
      release();
      return recordingOutcome(bytes, recorder.mimeType);
    },
    server: async () => serverOutcome(await fetchHealth()),
  };
  return { probes, release };
}

/** Records for `ms` and resolves with the bytes the recorder handed over; rejects when it errors or never stops. */
function recordFor(recorder: MediaRecorder, ms: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const giveUp = window.setTimeout(() => reject(new Error('the recorder did not stop')), ms + STOP_TIMEOUT_MS);
    recorder.ondataavailable = (event) => {
      bytes += event.data.size;
    };
    recorder.onerror = () => {
      window.clearTimeout(giveUp);
      reject(new Error('the recorder failed'));
    };
    recorder.onstop = () => {
      window.clearTimeout(giveUp);
      resolve(bytes);
    };
    recorder.start(250);
    window.setTimeout(() => {
      if (recorder.state !== 'inactive') recorder.stop();
    }, ms);
  });
}

async function fetchHealth(): Promise<HealthReply> {
  try {
    const response = await readHealth(HEALTH_TIMEOUT_MS);
    const body: unknown = await response.json().catch(() => null);
    return { reachable: true, httpStatus: response.status, body };
  } catch {
    return { reachable: false };
  }
}
