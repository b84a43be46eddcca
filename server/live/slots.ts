import { liveFailure } from './session.ts';

export interface LiveSlotLimits {
  /** Streams one account may have open at once on this server. */
  perAccount: number;
  /** Streams this server carries at once, everyone's together. */
  perServer: number;
}

/**
 * How many live streams are open, per account and in all, on this server: every stream
 * (the WebSocket's or the test page's) takes a slot before its engine session and ffmpeg
 * start, and gives it back when it ends, fails or its connection drops. Each live stream
 * costs a paid upstream session or a local model's time, so both are capped (decision 029).
 */
export function liveSlots(limits: LiveSlotLimits) {
  const byAccount = new Map<string, number>();
  let total = 0;

  return {
    /** Takes a slot for the account, or throws the refusal the client is told; the returned function frees it (once). */
    take(userId: string): () => void {
      const mine = byAccount.get(userId) ?? 0;
      if (mine >= limits.perAccount) throw tooManyLiveStreams();
      if (total >= limits.perServer) throw liveServerBusy();
      byAccount.set(userId, mine + 1);
      total += 1;
      let freed = false;
      return () => {
        if (freed) return;
        freed = true;
        total -= 1;
        const left = (byAccount.get(userId) ?? 1) - 1;
        if (left > 0) byAccount.set(userId, left);
        else byAccount.delete(userId);
      };
    },

    /** Slots taken now: in all, and by one account. */
    open(userId?: string): number {
      return userId === undefined ? total : byAccount.get(userId) ?? 0;
    },
  };
}

export type LiveSlots = ReturnType<typeof liveSlots>;

const tooManyLiveStreams = () => liveFailure('too_many_live_streams');
const liveServerBusy = () => liveFailure('live_server_busy');
