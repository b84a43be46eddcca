/** What a test reads from a sent e-mail: its subject, recipient and plain text, decoded. */
export interface ReadMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Reads a single-part text message as nodemailer writes it (RFC 5322 headers, a
 * quoted-printable, base64 or 7bit body; subjects as RFC 2047 encoded words).
 */
export function readMessage(raw: string): ReadMessage {
  const [head, ...rest] = raw.replace(/\r\n/g, '\n').split('\n\n');
  const body = rest.join('\n\n');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { to: headers.get('to') ?? '', subject: decodeWords(headers.get('subject') ?? ''), text };
}

export function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The first link to Saaga's reset page in a message's text. */
export function resetLinkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`no reset link in:\n${text}`);
  return link;
}

/** The first link to Saaga's e-mail verification page in a message's text. */
export function verificationLinkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+\/verify-email\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`no verification link in:\n${text}`);
  return link;
}
