/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for tests.
 *
 *   const smtp = await startFakeSmtp();
 *   startTestApp({ SMTP_URL: smtp.url });
 *   const mail = await smtp.nextMailTo('aino@example.com', 5000);
 *   expect(mail.subject).toBe('Reset your Saaga password');
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type ReadMessage, readMessage } from '../support/mail-messages.ts';
import { waitFor } from '../support/wait-for.ts';

export interface ReceivedMail extends ReadMessage {
  /** Envelope recipients. */
  recipients: string[];
  raw: string;
}

export interface FakeSmtp {
  url: string;
  received: ReceivedMail[];
  /** The first message to `address` not taken before, waiting up to `timeoutMs` for it. */
  nextMailTo(address: string, timeoutMs: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({ ...readMessage(raw), recipients: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async nextMailTo(address, timeoutMs) {
      const untaken = () => received.find((m) => !taken.has(m) && m.recipients.includes(address));
      const mail = (await waitFor(untaken, (m) => m !== undefined, timeoutMs, `an e-mail to ${address}`))!;
      taken.add(mail);
      return mail;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
