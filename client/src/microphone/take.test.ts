import { describe, expect, it } from 'vitest';
import { MicrophoneTake, type DeviceCopy, type TakeOptions } from './take.ts';

/**
 * A MediaRecorder as the browser runs one: chunks come as `dataavailable` events, and stop
 * hands over the last chunk and then fires `stop`, both a moment later.
 */
class FakeRecorder extends EventTarget {
  state: RecordingState = 'inactive';
  mimeType = 'audio/webm;codecs=opus';
  timeslice: number | undefined;
  /** What the recorder still holds when it is stopped. */
  pending = '';

  start(timeslice?: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    setTimeout(() => {
      this.give(this.pending);
      this.dispatchEvent(new Event('stop'));
    }, 5);
  }
  give(text: string) {
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data: new Blob([text], { type: 'audio/webm' }) }));
  }
}

/** A device copy whose writes take a while, as IndexedDB's do; the first one longest. */
function slowCopy() {
  const chunks = new Map<string, { text: Promise<string>; seconds: number }>();
  const forgotten: string[] = [];
  const writes: Promise<void>[] = [];
  const copy: DeviceCopy = {
    start: async () => 'copy-1',
    add: (id, index, chunk, seconds) => {
      const write = new Promise((resolve) => setTimeout(resolve, writes.length === 0 ? 30 : 1)).then(() => {
        chunks.set(`${id}:${index}`, { text: chunk.text(), seconds });
      });
      writes.push(write);
      return write;
    },
    forget: async (id) => {
      if (!id) return;
      forgotten.push(id);
      for (const key of [...chunks.keys()]) if (key.startsWith(`${id}:`)) chunks.delete(key);
    },
  };
  /** Every write begun so far has landed. */
  const settled = () => Promise.all(writes);
  return { copy, chunks, forgotten, settled };
}

function takeOn(recorder: FakeRecorder, options: Partial<TakeOptions> & { clock?: { now: number } } = {}) {
  const clock = options.clock ?? { now: 0 };
  return MicrophoneTake.prepare({} as MediaStream, {
    chunkMs: 1000,
    copyOwner: 'user-1',
    now: () => clock.now,
    createRecorder: () => ({ recorder: recorder as unknown as MediaRecorder, mimeType: 'audio/webm;codecs=opus' }),
    ...options,
  });
}

describe('a microphone take', () => {
  it('counts only the time recorded: a pause is left out of the timer and the take', async () => {
    const recorder = new FakeRecorder();
    const clock = { now: 1000 };
    const take = await takeOn(recorder, { clock, deviceCopy: slowCopy().copy });
    take.start();
    clock.now = 4000;
    expect(take.pause()).toBe(true);
    clock.now = 60_000;
    expect(take.elapsedMs()).toBe(3000);
    expect(take.pause()).toBe(false);
    expect(take.resume()).toBe(true);
    clock.now = 62_500;
    expect(take.elapsedMs()).toBe(5500);
    recorder.pending = 'x';
    await take.stop();
    expect((await take.result()).durationSeconds).toBe(5.5);
    expect(take.elapsedMs()).toBe(0);
  });

  it('keeps every chunk in order, the one given at stop too, and none empty', async () => {
    const recorder = new FakeRecorder();
    const { copy, chunks } = slowCopy();
    const given: Array<[string, number]> = [];
    const take = await takeOn(recorder, {
      deviceCopy: copy,
      onChunk: (chunk, mimeType, index) => {
        expect(mimeType).toBe('audio/webm;codecs=opus');
        given.push([String(index), chunk.size]);
      },
    });
    take.start();
    expect(recorder.timeslice).toBe(1000);
    recorder.give('one ');
    recorder.give('');
    recorder.give('two ');
    recorder.pending = 'three';
    await take.stop();
    const recorded = await take.result();

    expect(await recorded.audio.text()).toBe('one two three');
    expect(recorded.audio.type).toBe('audio/webm;codecs=opus');
    expect(recorded.chunkCount).toBe(3);
    expect(given).toEqual([['0', 4], ['1', 4], ['2', 5]]);
    // result() waited for the device copy: every chunk is on the device, under its number.
    expect(recorded.copyId).toBe('copy-1');
    expect(await Promise.all([0, 1, 2].map((index) => chunks.get(`copy-1:${index}`)?.text))).toEqual(['one ', 'two ', 'three']);
  });

  it('writes 0 s for the chunk given at stop, so the copy never claims time that was not recorded', async () => {
    const recorder = new FakeRecorder();
    const clock = { now: 0 };
    const { copy, chunks } = slowCopy();
    const take = await takeOn(recorder, { clock, deviceCopy: copy });
    take.start();
    clock.now = 2000;
    recorder.give('a');
    clock.now = 2500;
    recorder.pending = 'b';
    await take.stop();
    await take.result();
    expect(chunks.get('copy-1:0')?.seconds).toBe(2);
    expect(chunks.get('copy-1:1')?.seconds).toBe(0);
  });

  it('forgets a discarded take only after its last write, so nothing of it comes back', async () => {
    const recorder = new FakeRecorder();
    const { copy, chunks, forgotten, settled } = slowCopy();
    const take = await takeOn(recorder, { deviceCopy: copy });
    take.start();
    recorder.give('slow first write');
    recorder.pending = 'last';
    await take.discard();
    await settled();
    expect(recorder.state).toBe('inactive');
    expect(forgotten).toEqual(['copy-1']);
    expect([...chunks.keys()]).toEqual([]);
  });

  it('keeps the copy when the take is only halted (leaving the page), and none at all without an owner', async () => {
    const halted = new FakeRecorder();
    const kept = slowCopy();
    const take = await takeOn(halted, { deviceCopy: kept.copy });
    take.start();
    halted.pending = 'words';
    const stopped = new Promise((resolve) => halted.addEventListener('stop', resolve));
    take.halt();
    expect(halted.state).toBe('inactive');
    await stopped;
    await kept.settled();
    expect(kept.forgotten).toEqual([]);
    expect(await kept.chunks.get('copy-1:0')?.text).toBe('words');

    const none = slowCopy();
    const uncopied = await takeOn(new FakeRecorder(), { copyOwner: null, deviceCopy: none.copy });
    expect(uncopied.copyId).toBeNull();
  });

  it('fails the stop when the recorder reports an error', async () => {
    const recorder = new FakeRecorder();
    recorder.stop = () => {
      recorder.state = 'inactive';
      setTimeout(() => recorder.dispatchEvent(new Event('error')), 1);
    };
    const take = await takeOn(recorder, { deviceCopy: slowCopy().copy });
    take.start();
    await expect(take.stop()).rejects.toBeInstanceOf(Event);
  });
});
