import type { Engines } from '../ai/engines.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../email/mailer.ts';
import type { Queue } from '../jobs/queue.ts';
import type { BlobStore } from '../storage/index.ts';

/** What every background job's handler works with (background/ builds it from the process's parts). */
export interface JobContext {
  db: Database;
  store: BlobStore;
  queue: Queue;
  engines: Pick<Engines, 'transcriber' | 'writer' | 'speech' | 'narrator'>;
  /** E-mail from background work (an archive is ready). Unset: none is sent. */
  mailer?: Mailer;
  /** The site's origin for links that leave the app (an e-mail, an archive's published links); null when unknown (http/site-origin.ts). */
  siteOrigin(): string | null;
  /** The account's stored-audio cap (ACCOUNT_AUDIO_MB, decision 029): an imported archive's audio must fit it too. */
  accountAudioBytes: number;
  /** The account's stored-photo cap (ACCOUNT_PHOTO_MB): an imported archive's photos must fit it too. */
  accountPhotoBytes: number;
  /** The family circle's e-mails (weekly question, new stories): their signing secret, limit and clock. Unset: none is sent. */
  familyMail?: FamilyMailSettings;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

/** What the family circle's e-mails need from the process (family/mail/settings.ts builds it from the configuration). */
export interface FamilyMailSettings {
  /** The server's secret (SESSION_SECRET): unsubscribe tokens are signed with a key derived from it. */
  secret: string;
  /** E-mails one storyteller's account may send an hour: their weekly question and their circle's notices (FAMILY_EMAILS_PER_HOUR). */
  emailsPerHour: number;
  /** The time the weekly tick works with; a test moves it on. */
  now?: () => Date;
}
