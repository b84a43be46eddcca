import { describe, expect, it } from 'vitest';
import type { ResumableStart, ResumableUpload } from '../../../contract/resumable-uploads.ts';
import type { RecordingUploadResponse } from '../../../contract/uploads.ts';
import { ApiRequestError } from '../api/request.ts';
import { sendWaitingTakes, type Outbox, type WaitingTake } from './sendWaitingTakes.ts';

// The uploader against a stand-in that keeps the contract's rules (contract/resumable-uploads.ts):
// one upload per take id, the next piece or the last one again, any other a 409, a finish
// before every byte a 409. The network can be cut after N pieces, or a piece's answer lost.
const PIECE = 10;

interface StoredUpload {
  id: string;
  start: ResumableStart;
  pieces: Uint8Array[];
  recording: RecordingUploadResponse | null;
}

const networkDown = () => new TypeError('Failed to fetch');
const refusal = (status: number, code: string) => new ApiRequestError(status, `${status}: ${code}`, { code, message: `refused: ${code}` } as never);

class StandIn implements Outbox {
  readonly uploads = new Map<string, StoredUpload>();
  readonly log: string[] = [];
  /** Bytes of every piece request sent, answered or not. */
  sentBytes = 0;
  recordings = 0;
  /** Pieces that may still get through before the network goes. */
  piecesBeforeCut = Infinity;
  /** The piece whose answer is lost after the server stored it. */
  loseAnswerOfPiece: number | null = null;
  finishRefusal: ApiRequestError | null = null;
  user: string | null = 'owner';
  readonly takes: WaitingTake[] = [];
  readonly audio = new Map<string, Blob>();

  waitTake(id: string, bytes: number, queuedAt: number, ownerId = 'owner'): Uint8Array {
    const data = Uint8Array.from({ length: bytes }, (_, index) => (index * 7 + queuedAt) % 251);
    this.takes.push({ id, ownerId, startedAt: queuedAt, mimeType: 'audio/webm', chunkCount: 1, durationSeconds: 5, waiting: { fields: { contextType: 'new_story' }, queuedAt } });
    this.audio.set(id, new Blob([data], { type: 'audio/webm' }));
    return data;
  }

  private state(upload: StoredUpload): ResumableUpload {
    const receivedBytes = upload.pieces.reduce((sum, piece) => sum + piece.length, 0);
    return {
      id: upload.id,
      takeId: upload.start.takeId,
      sizeBytes: upload.start.sizeBytes,
      receivedBytes,
      pieceBytes: PIECE,
      state: upload.recording ? 'done' : 'uploading',
      recording: upload.recording,
    };
  }

  private found(id: string): StoredUpload {
    const upload = [...this.uploads.values()].find((each) => each.id === id);
    if (!upload) throw refusal(404, 'not_found');
    return upload;
  }

  bytesOf(takeId: string): Uint8Array {
    return Uint8Array.from(this.uploads.get(takeId)!.pieces.flatMap((piece) => [...piece]));
  }

  signedInUserId = async () => this.user;
  waitingTakes = async (ownerId?: string) =>
    this.takes.filter((take) => ownerId === undefined || take.ownerId === ownerId).sort((a, b) => a.waiting.queuedAt - b.waiting.queuedAt);
  takeAudio = async (take: WaitingTake) => this.audio.get(take.id)!;
  forgetTake = async (id: string) => {
    this.log.push(`forget ${id}`);
    this.takes.splice(this.takes.findIndex((take) => take.id === id), 1);
  };
  refuseTake = async (id: string, reason: NonNullable<WaitingTake['waiting']['refusal']>) => {
    const take = this.takes.find((each) => each.id === id)!;
    take.waiting = { ...take.waiting, refusal: reason };
  };
  start = async (body: ResumableStart) => {
    this.log.push(`start ${body.takeId}`);
    const upload = this.uploads.get(body.takeId) ?? { id: `upload-${body.takeId}`, start: body, pieces: [], recording: null };
    this.uploads.set(body.takeId, upload);
    return this.state(upload);
  };
  read = async (id: string) => this.state(this.found(id));
  sendPiece = async (id: string, index: number, piece: Blob) => {
    this.sentBytes += piece.size;
    if (this.piecesBeforeCut <= 0) throw networkDown();
    this.piecesBeforeCut -= 1;
    const upload = this.found(id);
    const bytes = new Uint8Array(await piece.arrayBuffer());
    const next = upload.pieces.length;
    if (index === next) upload.pieces.push(bytes);
    else if (index !== next - 1) throw new ApiRequestError(409, '409: piece', { code: 'piece_out_of_order', message: `expected ${next}` } as never);
    if (this.loseAnswerOfPiece === index) {
      this.loseAnswerOfPiece = null;
      throw networkDown();
    }
    return this.state(upload);
  };
  finish = async (id: string) => {
    this.log.push(`finish ${id}`);
    const upload = this.found(id);
    if (this.finishRefusal) throw this.finishRefusal;
    if (upload.recording) return upload.recording;
    if (this.state(upload).receivedBytes < upload.start.sizeBytes) throw new ApiRequestError(409, '409: not all', null);
    this.recordings += 1;
    upload.recording = { recording: { id: this.recordings, processingStatus: 'uploaded' }, story: { id: this.recordings }, isContextOnly: false };
    return upload.recording;
  };
  report = () => {};
}

describe('sendWaitingTakes', () => {
  it('sends the takes oldest first, each forgotten only after the server answered with its recording', async () => {
    const outbox = new StandIn();
    const later = outbox.waitTake('later', 25, 2000);
    const earlier = outbox.waitTake('earlier', 15, 1000);

    const round = await sendWaitingTakes(outbox);

    expect(round).toEqual({ sent: ['earlier', 'later'], refused: [], stopped: null });
    expect(outbox.log).toEqual(['start earlier', 'finish upload-earlier', 'forget earlier', 'start later', 'finish upload-later', 'forget later']);
    expect(outbox.bytesOf('earlier')).toEqual(earlier);
    expect(outbox.bytesOf('later')).toEqual(later);
    expect(outbox.takes).toEqual([]);
  });

  it('keeps the take when the network goes half way, and goes on from the server\'s count, not from zero', async () => {
    const outbox = new StandIn();
    const audio = outbox.waitTake('long', 95, 1000);
    outbox.piecesBeforeCut = 5;

    expect(await sendWaitingTakes(outbox)).toEqual({ sent: [], refused: [], stopped: 'network' });
    expect(outbox.takes.map((take) => take.id)).toEqual(['long']);
    expect(outbox.log).not.toContain('forget long');

    outbox.piecesBeforeCut = Infinity;
    const before = outbox.sentBytes;
    expect(await sendWaitingTakes(outbox)).toMatchObject({ sent: ['long'], stopped: null });
    const afterResume = outbox.sentBytes - before;
    expect(afterResume).toBe(45);
    expect(afterResume).toBeLessThan(audio.length);
    expect(outbox.bytesOf('long')).toEqual(audio);
    expect(outbox.recordings).toBe(1);
  });

  it('sends a piece again when its answer was lost, and the server keeps it once', async () => {
    const outbox = new StandIn();
    const audio = outbox.waitTake('take', 35, 1000);
    outbox.loseAnswerOfPiece = 1;

    expect((await sendWaitingTakes(outbox)).stopped).toBe('network');
    expect((await sendWaitingTakes(outbox)).sent).toEqual(['take']);
    expect(outbox.bytesOf('take')).toEqual(audio);
  });

  it('forgets a take the server already saved (its answer was lost) without sending it again', async () => {
    const outbox = new StandIn();
    outbox.waitTake('take', 25, 1000);
    const forget = outbox.forgetTake;
    outbox.forgetTake = async () => {
      throw networkDown();
    };
    expect((await sendWaitingTakes(outbox)).stopped).toBe('network');
    expect(outbox.recordings).toBe(1);

    const sent = outbox.sentBytes;
    outbox.forgetTake = forget;
    expect((await sendWaitingTakes(outbox)).sent).toEqual(['take']);
    expect(outbox.sentBytes).toBe(sent);
    expect(outbox.recordings).toBe(1);
    expect(outbox.takes).toEqual([]);
  });

  it('keeps a lasting refusal on its take, and the next take still goes', async () => {
    const outbox = new StandIn();
    outbox.waitTake('not-audio', 15, 1000);
    outbox.waitTake('fine', 15, 2000);
    outbox.finishRefusal = refusal(400, 'unprocessable_audio');
    const finish = outbox.finish;
    outbox.finish = async (id) => {
      if (id === 'upload-fine') outbox.finishRefusal = null;
      return finish(id);
    };

    const round = await sendWaitingTakes(outbox);

    expect(round).toEqual({ sent: ['fine'], refused: ['not-audio'], stopped: null });
    expect(outbox.takes).toEqual([expect.objectContaining({ id: 'not-audio', waiting: expect.objectContaining({ refusal: { status: 400, code: 'unprocessable_audio', message: 'refused: unprocessable_audio' } }) })]);
    // Refused once, it is not sent again by the next round.
    const sent = outbox.sentBytes;
    expect(await sendWaitingTakes(outbox)).toEqual({ sent: [], refused: [], stopped: null });
    expect(outbox.sentBytes).toBe(sent);
  });

  it('stops on a busy server and keeps the order: the later take does not overtake', async () => {
    const outbox = new StandIn();
    outbox.waitTake('first', 15, 1000);
    outbox.waitTake('second', 15, 2000);
    outbox.finishRefusal = refusal(503, 'unavailable');

    expect(await sendWaitingTakes(outbox)).toEqual({ sent: [], refused: [], stopped: 'later' });
    expect(outbox.log).not.toContain('start second');
    expect(outbox.takes.map((take) => take.id)).toEqual(['first', 'second']);
  });

  it('sends only the signed-in person\'s takes, and none when nobody is signed in', async () => {
    const outbox = new StandIn();
    outbox.waitTake('mine', 15, 1000);
    outbox.waitTake('theirs', 15, 500, 'someone else');
    expect(await sendWaitingTakes(outbox)).toEqual({ sent: ['mine'], refused: [], stopped: null });
    expect(outbox.takes.map((take) => take.id)).toEqual(['theirs']);

    outbox.user = null;
    outbox.waitTake('mine again', 15, 3000);
    expect((await sendWaitingTakes(outbox)).stopped).toBe('signed_out');
    expect(outbox.uploads.has('mine again')).toBe(false);
  });

  it('goes on from where the server stands when another uploader sent a piece meanwhile (409)', async () => {
    const outbox = new StandIn();
    const audio = outbox.waitTake('shared', 35, 1000);
    const send = outbox.sendPiece;
    let raced = false;
    outbox.sendPiece = async (id, index, piece) => {
      if (index === 1 && !raced) {
        raced = true;
        // Another tab sends pieces 1 and 2 first.
        await send(id, 1, (await outbox.takeAudio(outbox.takes[0])).slice(10, 20));
        await send(id, 2, (await outbox.takeAudio(outbox.takes[0])).slice(20, 30));
      }
      return send(id, index, piece);
    };
    expect((await sendWaitingTakes(outbox)).sent).toEqual(['shared']);
    expect(outbox.bytesOf('shared')).toEqual(audio);
  });

  it('starts again by the take\'s id when its unfinished upload was removed meanwhile (404)', async () => {
    const outbox = new StandIn();
    const audio = outbox.waitTake('old', 25, 1000);
    const start = outbox.start;
    let swept = false;
    outbox.start = async (body) => {
      const upload = await start(body);
      if (!swept) {
        // Kept past its hours and swept away between the answer and the first piece.
        swept = true;
        outbox.uploads.delete(body.takeId);
      }
      return upload;
    };
    expect(await sendWaitingTakes(outbox)).toEqual({ sent: ['old'], refused: [], stopped: null });
    expect(outbox.bytesOf('old')).toEqual(audio);
  });

  it('asks the server nothing when no take waits', async () => {
    const outbox = new StandIn();
    outbox.signedInUserId = async () => {
      throw new Error('asked');
    };
    expect(await sendWaitingTakes(outbox)).toEqual({ sent: [], refused: [], stopped: null });
  });
});
