import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JobContext } from '../../server/jobs/context.ts';
import { createMailer } from '../../server/email/mailer.ts';
import type { TestApp } from './test-app.ts';
import { type MimeMessage, readMimeMessage } from './mime-message.ts';

/**
 * The job context of the family circle's e-mails for a test: the test app's database, queue
 * and store, a mailer writing to an outbox folder (its own, or the app's DATA_DIR's), the site's origin, and a clock the
 * test moves (`clock.now = ...`).
 */
export function familyMailContext(server: TestApp, clock: { now: Date }, dataDir = mkdtempSync(path.join(tmpdir(), 'saaga-family-mail-'))) {
  const errors: unknown[] = [];
  const log = { info: () => {}, warn: () => {}, error: (obj: object) => errors.push(obj) };
  const ctx = {
    db: server.database.db,
    store: server.store,
    queue: server.queue,
    log,
    mailer: createMailer({ from: 'saaga@example.com', dataDir, log }),
    siteOrigin: () => server.url,
    familyMail: { secret: server.config.sessionSecret, emailsPerHour: 100, now: () => clock.now },
  } as unknown as JobContext;
  return {
    ctx,
    errors,
    /** Every e-mail written so far, oldest first, parsed. */
    outbox(): MimeMessage[] {
      const folder = path.join(dataDir, 'outbox');
      let files: string[] = [];
      try {
        files = readdirSync(folder).sort();
      } catch {
        return [];
      }
      return files.map((file) => readMimeMessage(readFileSync(path.join(folder, file), 'utf8')));
    },
  };
}
