import { readMessage } from './mail-messages.ts';

/** A sent e-mail with a text and an HTML part (multipart/alternative), decoded. */
export interface ReadAlternativeMessage {
  to: string;
  subject: string;
  /** The top-level headers, names in lower case, folded lines joined. */
  headers: Map<string, string>;
  text: string;
  html: string;
}

/**
 * Reads a message as nodemailer writes one with `text` and `html` (mailparser is not
 * installed): the top headers, then each part of the multipart/alternative body decoded by
 * its own transfer encoding (mail-messages.ts's reader, per part).
 */
export function readAlternativeMessage(raw: string): ReadAlternativeMessage {
  const unix = raw.replace(/\r\n/g, '\n');
  const head = unix.split('\n\n')[0];
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const type = headers.get('content-type') ?? '';
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (!/^multipart\/alternative/i.test(type) || !boundary) throw new Error(`not a multipart/alternative message: ${type}`);
  const parts = unix
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => part.replace(/^\n/, ''));
  const partOf = (mime: string) => {
    const part = parts.find((p) => new RegExp(`^content-type:\\s*${mime}`, 'im').test(p.split('\n\n')[0]));
    if (!part) throw new Error(`no ${mime} part`);
    return readMessage(part).text;
  };
  const top = readMessage(unix);
  return { to: top.to, subject: top.subject, headers, text: partOf('text/plain'), html: partOf('text/html') };
}
