import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends one message and returns the id the mail server gave it. */
  send(mail: OutgoingMail): Promise<string>;
}

/** An SMTP mailer for SMTP_URL, or null when e-mail is not configured. */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      return info.messageId;
    },
  };
}
