import { eq } from 'drizzle-orm';
import { signatureName } from '../../../contract/author-name.ts';
import { toLanguage } from '../../../contract/languages.ts';
import { users } from '../../db/schema.ts';
import type { JobContext } from '../../jobs/context.ts';
import type { ExportRow } from './export-row.ts';
import { archiveReadyMessage } from './ready-message.ts';

/**
 * Tells the person their archive is ready, when this server sends e-mail (SMTP_URL: the outbox
 * folder is for messages the operator passes on by hand, and this one is only a courtesy) and
 * the account's address is verified. The link is the site's own origin, never a request's.
 * A failure is logged: the archive is ready all the same, and the screen says so.
 */
export async function mailArchiveReady(ctx: JobContext, row: ExportRow): Promise<void> {
  const mailer = ctx.mailer;
  if (!mailer || mailer.delivery !== 'smtp' || !row.expiresAt) return;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId));
  if (!user?.email || !user.emailVerifiedAt) return;
  const origin = ctx.siteOrigin();
  const message = archiveReadyMessage(toLanguage(row.language), signatureName(user), origin && `${origin}/settings`, row.expiresAt);
  try {
    await mailer.send({ to: user.email, ...message });
  } catch (error) {
    ctx.log.warn({ err: error, exportId: row.id }, 'the e-mail saying an archive is ready could not be sent');
  }
}
