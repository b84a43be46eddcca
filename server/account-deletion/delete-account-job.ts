import { z } from 'zod';
import type { JobContext } from '../jobs/context.ts';
import { defineJob, UNFINISHED_BATCH } from '../jobs/job.ts';
import { deleteUserBlobs, deleteUserCounters, deleteUserRow, deletionsUnderWay } from './remove-account.ts';

export const DELETE_ACCOUNT = 'delete-account';

interface DeleteAccountPayload {
  userId: string;
}

/**
 * Removes what the deletion's transaction (start-deletion.ts) left: every blob of the
 * account, its rate-limit counters, then its row (every other row of it cascades) while its
 * retired slugs are kept held for no one, then the blobs once more (anything a job still
 * running on another machine stored meanwhile). Every step is idempotent; the account's
 * row goes only after its files, so a deletion cut off anywhere is still found by
 * `unfinished` (deletionStartedAt set) and finished by the recovery pass after a restart.
 */
export const deleteAccountJob = defineJob<JobContext, DeleteAccountPayload>({
  name: DELETE_ACCOUNT,
  payload: z.object({ userId: z.uuid() }),
  // Nothing is paid for; a store or database that fails for a while is tried again, then the recovery pass sends it once more.
  retry: { retries: 5, baseDelayMs: 5000, maxDelayMs: 60_000 },
  expireInSeconds: 6 * 60 * 60,
  entityOf: ({ userId }) => `delete-account:${userId}`,
  unfinished: async (ctx) => (await deletionsUnderWay(ctx.db, UNFINISHED_BATCH)).map((userId) => ({ userId })),
  // Not the person's any more: their other jobs must not hold this one back.
  ownerOf: async () => undefined,

  async run(ctx, { userId }, { signal }) {
    const blobs = await deleteUserBlobs(ctx.store, userId, signal);
    await deleteUserCounters(ctx.db, userId);
    await deleteUserRow(ctx.db, userId);
    const late = await deleteUserBlobs(ctx.store, userId, signal);
    ctx.log.info({ userId, blobs: blobs + late }, 'account deleted');
  },

  // Nothing to show anyone: the account's row still says the deletion started, so the recovery pass sends it again.
  async onFailure(ctx, { userId }, error) {
    ctx.log.warn({ userId, err: error.describe() }, 'account deletion failed; the recovery pass tries again');
  },
});
