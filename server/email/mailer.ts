import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The HTML part beside the text one (html-letter.ts), for the family circle's e-mails. */
  html?: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post for e-mails a person can stop. */
  headers?: Record<string, string>;
  /** Images the HTML part shows inline (`<img src="cid:...">`): a story's cover in a family notice. */
  attachments?: { filename: string; content: Buffer; contentType: string; cid: string }[];
}

/** How a mailer delivers: to the SMTP server of SMTP_URL, or as a file in the outbox folder. */
export type MailDelivery = 'smtp' | 'outbox';

export interface Mailer {
  readonly delivery: MailDelivery;
  /** Sends one message and returns the id the mail server gave it. */
  send(mail: OutgoingMail): Promise<string>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Where the outbox folder goes when there is no SMTP server. */
  dataDir: string;
  log: { info(details: object, message: string): void };
}

/** The folder of DATA_DIR that holds the messages a server without SMTP_URL would have sent. */
export const OUTBOX_FOLDER = 'outbox';

/** An SMTP mailer for SMTP_URL; without it, each message is written as an .eml file to DATA_DIR/outbox. */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : outboxMailer(options);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = lazyTransport(smtpUrl);
  return {
    delivery: 'smtp',
    async send(mail) {
      const info = await (await transport()).sendMail({ from, ...mail });
      return info.messageId;
    },
  };
}

// A server without e-mail still lets its operator pass on a sign-in link: the message is
// kept whole, ready to open in any mail program or to forward.
function outboxMailer({ dataDir, from, log }: MailerOptions): Mailer {
  const folder = path.join(dataDir, OUTBOX_FOLDER);
  const partialFolder = path.join(dataDir, `${OUTBOX_FOLDER}-partial`);
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    delivery: 'outbox',
    async send(mail) {
      const info = (await (await transport()).sendMail({ from, ...mail })) as { messageId: string; message: Buffer };
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Owner-only: a message may carry a password reset link.
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await mkdir(partialFolder, { recursive: true, mode: 0o700 });
      // Written beside the outbox and renamed into it, so whoever opens the outbox never
      // reads half a message (a rename within one folder tree is atomic).
      await writeFile(path.join(partialFolder, name), info.message, { mode: 0o600 });
      await rename(path.join(partialFolder, name), path.join(folder, name));
      log.info({ folder, file: name }, `SMTP_URL is not set: e-mail written to ${path.join(folder, name)}`);
      return info.messageId;
    },
  };
}

interface Transport {
  sendMail(mail: { from: string } & OutgoingMail): Promise<{ messageId: string; message?: unknown }>;
}

/** A nodemailer transport made on the first message: nodemailer is not loaded at every start (decision 024). */
function lazyTransport(options: string | Record<string, unknown>): () => Promise<Transport> {
  let transport: Promise<Transport> | undefined;
  return () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options as never) as Transport));
}
