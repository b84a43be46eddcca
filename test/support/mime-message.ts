import { decodeQuotedPrintable, decodeWords } from './mail-messages.ts';

/** One leaf part of a message: its headers (lower-case names) and its body, decoded to bytes. */
export interface MimePart {
  headers: Map<string, string>;
  contentType: string;
  body: Buffer;
  /** The part's Content-ID without its angle brackets (an inline image's `cid:`), or null. */
  contentId: string | null;
  /** The body as UTF-8 text. */
  text(): string;
}

/** A whole message as a test reads it: its headers (subjects decoded), every leaf part, and the text and HTML ones as strings. */
export interface MimeMessage {
  headers: Map<string, string>;
  subject: string;
  to: string;
  parts: MimePart[];
  text: string | null;
  html: string | null;
  /** A top-level header by its name, any case. */
  header(name: string): string | undefined;
  /** The first leaf of this type (text/plain, text/html, image/jpeg), attachments included. */
  part(type: string): MimePart | undefined;
}

/**
 * Reads a message as nodemailer writes it (the outbox's .eml files): RFC 5322 headers,
 * multipart bodies (alternative, related, mixed) split at their boundaries, each leaf
 * decoded from quoted-printable, base64 or 7bit. Written here because nodemailer's parser
 * (mailparser) is not a dependency; enough for what Saaga sends, not for any mail.
 */
export function readMimeMessage(raw: string): MimeMessage {
  const { headers, body } = splitHead(raw.replace(/\r\n/g, '\n'));
  const parts = leaves(headers, body);
  const textOf = (type: string) => {
    const part = parts.find((p) => p.contentType === type && !/attachment/i.test(p.headers.get('content-disposition') ?? ''));
    return part ? part.body.toString('utf8') : null;
  };
  return {
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    to: headers.get('to') ?? '',
    parts,
    text: textOf('text/plain'),
    html: textOf('text/html'),
    header: (name) => headers.get(name.toLowerCase()),
    part: (type) => parts.find((p) => p.contentType === type),
  };
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\n\n');
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function leaves(headers: Map<string, string>, body: string): MimePart[] {
  const type = headers.get('content-type') ?? 'text/plain';
  const contentType = type.split(';')[0].trim().toLowerCase();
  if (contentType.startsWith('multipart/')) {
    const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
    if (!boundary) throw new Error(`a multipart part without a boundary: ${type}`);
    const sections = body.split(`--${boundary}`).slice(1);
    return sections
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) => {
        const part = splitHead(section.replace(/^\n/, ''));
        return leaves(part.headers, part.body.replace(/\n$/, ''));
      });
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(decodeQuotedPrintable(body), 'utf8')
        : Buffer.from(body, 'utf8');
  const contentId = headers.get('content-id')?.replace(/^<|>$/g, '') ?? null;
  return [{ headers, contentType, body: bytes, contentId, text: () => bytes.toString('utf8') }];
}
