/**
 * Reads a whole MIME message as nodemailer writes it (multipart/alternative, related and mixed,
 * nested): the top headers, and every leaf part decoded (quoted-printable or base64). No mail
 * parser is installed (mailparser is not a dependency), so tests read e-mails with this.
 */
export interface MimeLeaf {
  contentType: string;
  contentId: string | null;
  body: Buffer;
  text(): string;
}

export interface MimeMessage {
  headers: Map<string, string>;
  header(name: string): string | undefined;
  subject: string;
  to: string;
  leaves: MimeLeaf[];
  /** The first leaf of this type (text/plain, text/html, image/jpeg). */
  part(type: string): MimeLeaf | undefined;
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\n\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): Buffer {
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
  return Buffer.from(bytes);
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function leavesOf(raw: string): MimeLeaf[] {
  const { headers, body } = splitHead(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    return sections.filter((s) => !s.startsWith('--')).flatMap((s) => leavesOf(s.replace(/^\n/, '')));
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const bytes = encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body);
  const contentId = headers.get('content-id')?.replace(/^<|>$/g, '') ?? null;
  return [{ contentType: type.split(';')[0].trim().toLowerCase(), contentId, body: bytes, text: () => bytes.toString('utf8') }];
}

export function readMime(raw: string): MimeMessage {
  const normal = raw.replace(/\r\n/g, '\n');
  const { headers } = splitHead(normal);
  const leaves = leavesOf(normal);
  return {
    headers,
    header: (name) => headers.get(name.toLowerCase()),
    subject: decodeWords(headers.get('subject') ?? ''),
    to: headers.get('to') ?? '',
    leaves,
    part: (type) => leaves.find((leaf) => leaf.contentType === type),
  };
}
