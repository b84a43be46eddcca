import { describe, expect, it } from 'vitest';
import type { ChannelListener } from '../db/notifications.ts';
import { ownerReadCache, USER_CHANGES_CHANNEL } from './keep-owner-reads.ts';

/** A database whose notices arrive only when the test delivers them, as through a pooler that drops them. */
function deafDatabase() {
  const sent: unknown[][] = [];
  let listener: ChannelListener | undefined;
  return {
    sent,
    deliver: (payload: string) => listener?.message(payload),
    listener: () => listener!,
    database: {
      listen: (channel: string, heard: ChannelListener) => {
        expect(channel).toBe(USER_CHANGES_CHANNEL);
        listener = heard;
        return { ready: Promise.resolve(), stop: async () => {} };
      },
      executor: {
        executeSql: async (text: string, values?: unknown[]) => {
          sent.push([text, ...(values ?? [])]);
          return { rows: [] };
        },
      },
    },
  };
}

const page = { body: '[]', link: undefined };
const log = { warn: () => {} };

describe('ownerReadCache', () => {
  it('turned off, keeps nothing and listens to nothing', () => {
    const db = deafDatabase();
    const { reads } = ownerReadCache(db.database, log, 0);
    reads.keep(reads.ticket(), 'aino', '/api/stories', page);
    expect(reads.get('aino', '/api/stories')).toBeUndefined();
    expect(db.sent).toEqual([]);
  });

  it('keeps nothing until it has heard its own probe on the channel, then hears changes', async () => {
    const db = deafDatabase();
    const { reads } = ownerReadCache(db.database, log, 1_000_000);
    await expect.poll(() => db.sent.length, { timeout: 1000 }).toBe(1);
    const [, channel, probe] = db.sent[0] as [string, string, string];
    expect(channel).toBe(USER_CHANGES_CHANNEL);
    reads.keep(reads.ticket(), 'aino', '/api/stories', page);
    expect(reads.get('aino', '/api/stories')).toBeUndefined();
    // Another server's probe is neither its own nor a change.
    db.deliver('probe 0123456789abcdef');
    reads.keep(reads.ticket(), 'aino', '/api/stories', page);
    expect(reads.get('aino', '/api/stories')).toBeUndefined();
    db.deliver(probe);
    reads.keep(reads.ticket(), 'aino', '/api/stories', page);
    expect(reads.get('aino', '/api/stories')).toEqual(page);
    db.deliver('aino');
    expect(reads.get('aino', '/api/stories')).toBeUndefined();
  });

  it('stops answering when the connection is lost, and probes again once it is back', async () => {
    const db = deafDatabase();
    const { reads } = ownerReadCache(db.database, log, 1_000_000);
    await expect.poll(() => db.sent.length, { timeout: 1000 }).toBe(1);
    db.deliver(db.sent[0][2] as string);
    reads.keep(reads.ticket(), 'aino', '/api/stories', page);
    db.listener().lost?.();
    expect(reads.get('aino', '/api/stories')).toBeUndefined();
    db.listener().back?.();
    await expect.poll(() => db.sent.length, { timeout: 1000 }).toBe(2);
    reads.keep(reads.ticket(), 'aino', '/api/stories', page);
    expect(reads.get('aino', '/api/stories')).toBeUndefined();
    db.deliver(db.sent[1][2] as string);
    reads.keep(reads.ticket(), 'aino', '/api/stories', page);
    expect(reads.get('aino', '/api/stories')).toEqual(page);
  });
});
