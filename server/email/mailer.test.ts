import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { readMessage } from '../../test/support/mail-messages.ts';
import { createMailer } from './mailer.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

it('without SMTP_URL writes each message whole to DATA_DIR/outbox, readable only by the server, and says where', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'saaga-mailer-'));
  folders.push(dataDir);
  const logged: string[] = [];
  const mailer = createMailer({ from: 'Saaga <no-reply@example.com>', dataDir, log: { info: (_, message) => logged.push(message) } });

  const id = await mailer.send({ to: 'aino@example.com', subject: 'Tervetuloa Saagaan', text: 'Hei Aino,\n\nkesä on täällä.' });
  await mailer.send({ to: 'eino@example.com', subject: 'Second', text: 'Another one.' });

  expect(id).toMatch(/@/);
  const outbox = path.join(dataDir, 'outbox');
  const files = readdirSync(outbox).sort();
  expect(files).toHaveLength(2);
  expect(files[0]).toMatch(/\.eml$/);
  const first = files.map((file) => readMessage(readFileSync(path.join(outbox, file), 'utf8'))).find((m) => m.to === 'aino@example.com');
  expect(first).toEqual({ to: 'aino@example.com', subject: 'Tervetuloa Saagaan', text: expect.stringContaining('kesä on täällä.') });
  expect(statSync(path.join(outbox, files[0])).mode & 0o077).toBe(0);
  expect(logged).toHaveLength(2);
  expect(logged.join('\n')).toContain(path.join(outbox, files[0]));
});
