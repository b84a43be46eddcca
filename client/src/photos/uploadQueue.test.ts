import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, PHOTO_MAX_FILES_PER_UPLOAD } from '../../../contract/photos.ts';
import { refusalBeforeSending } from './uploadChecks.ts';
import { addPicked, failedWith, finished, nextToSend, progressed, retried } from './uploadQueue.ts';

const file = (name: string, type = 'image/jpeg', size = 1000) => ({ name, type, size });

describe('refusalBeforeSending', () => {
  it('takes what the server takes, by the declared type or, when the phone declares none, by the name', () => {
    expect(refusalBeforeSending(file('a.jpg'))).toBeNull();
    expect(refusalBeforeSending(file('a.png', 'image/png'))).toBeNull();
    expect(refusalBeforeSending(file('a.webp', 'image/webp'))).toBeNull();
    expect(refusalBeforeSending(file('IMG_1.HEIC', 'image/heif'))).toBeNull();
    expect(refusalBeforeSending(file('IMG_1.HEIC', ''))).toBeNull();
    expect(refusalBeforeSending(file('IMG_1.heic', 'application/octet-stream'))).toBeNull();
  });

  it('refuses other types and files over the size limit, with the server codes', () => {
    expect(refusalBeforeSending(file('a.gif', 'image/gif'))).toBe('photo_type_unsupported');
    expect(refusalBeforeSending(file('notes.pdf', ''))).toBe('photo_type_unsupported');
    expect(refusalBeforeSending(file('a.jpg', 'image/jpeg', PHOTO_MAX_BYTES))).toBeNull();
    expect(refusalBeforeSending(file('a.jpg', 'image/jpeg', PHOTO_MAX_BYTES + 1))).toBe('photo_too_large');
  });
});

describe('the upload queue', () => {
  it('sends one file at a time, in the order picked, each with its own progress', () => {
    let items = addPicked([], [file('1.jpg'), file('2.jpg')], 1);
    expect(nextToSend(items)?.file.name).toBe('1.jpg');
    items = progressed(items, 1, 0.4);
    expect(items.map((item) => [item.state, item.sent])).toEqual([['sending', 0.4], ['waiting', 0]]);
    // The second waits while the first is out, whether its bytes are going or the server is making its copies.
    expect(nextToSend(items)).toBeNull();
    items = progressed(items, 1, 1);
    expect(items[0].state).toBe('processing');
    expect(nextToSend(items)).toBeNull();
    items = finished(items, 1);
    expect(nextToSend(items)?.file.name).toBe('2.jpg');
  });

  it('refuses at once what the server would refuse, and the files past the limit of one pick, and sends the rest', () => {
    const picked = [file('a.gif', 'image/gif'), ...Array.from({ length: PHOTO_MAX_FILES_PER_UPLOAD }, (_, index) => file(`${index}.jpg`))];
    const items = addPicked([], picked, 1);
    expect(items).toHaveLength(PHOTO_MAX_FILES_PER_UPLOAD + 1);
    expect(items[0]).toMatchObject({ state: 'failed', failure: { refused: 'photo_type_unsupported' } });
    expect(items.at(-1)).toMatchObject({ state: 'failed', failure: { refused: 'photo_too_many_files' } });
    expect(items.filter((item) => item.state === 'waiting')).toHaveLength(PHOTO_MAX_FILES_PER_UPLOAD - 1);
    expect(nextToSend(items)?.file.name).toBe('0.jpg');
    // Keys go on from the first one given, so a later pick never reuses one.
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
  });

  it('keeps a failed file with its error, which does not hold up the others, and sends it again when asked', () => {
    let items = addPicked([], [file('1.jpg'), file('2.jpg')], 1);
    items = failedWith(progressed(items, 1, 0.5), 1, new Error('offline'));
    expect(items[0]).toMatchObject({ state: 'failed', sent: 0, failure: { error: new Error('offline') } });
    expect(nextToSend(items)?.key).toBe(2);
    items = finished(progressed(items, 2, 1), 2);
    items = retried(items, 1);
    expect(items).toEqual([expect.objectContaining({ key: 1, state: 'waiting', failure: null })]);
    expect(nextToSend(items)?.key).toBe(1);
  });
});
