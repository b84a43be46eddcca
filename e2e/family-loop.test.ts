import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { familyQuestionId } from '../contract/family.ts';
import { familyMembers, familyQuestions, stories, storyComments, users } from '../server/db/schema.ts';
import { readMimeMessage } from '../test/support/mime-message.ts';
import { seeder } from '../test/support/seed.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import type { FakeOpenAi } from '../test/fakes/openai-server.ts';
import { sampleFromSchema } from '../test/fakes/openai-server.ts';
import enCircle from '../client/src/i18n/locales/en/familyCircle.json' with { type: 'json' };
import enResponses from '../client/src/i18n/locales/en/familyResponses.json' with { type: 'json' };
import fiReading from '../client/src/i18n/locales/fi/familyReading.json' with { type: 'json' };
import fiRespond from '../client/src/i18n/locales/fi/familyRespond.json' with { type: 'json' };
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';

// The family circle's whole loop at phone size (issue 28): the storyteller (in English)
// invites a relative by e-mail; the relative (in Finnish) opens the e-mailed link in a
// browser with no account, reads a story, listens to it, comments and asks a question; the
// storyteller answers it by recording; the relative is told by e-mail and reads the new
// story. Each side in both languages is in the family-* tests; here the two meet.

const dataDir = mkdtempSync(path.join(tmpdir(), 'saaga-family-loop-'));
let server: TestApp;
let browser: Browser;
let fake: FakeOpenAi;
useBrowserApp({ microphone: CLIPS.jfk, noFakeErrors: true, env: { DATA_DIR: dataDir } }, (app) => {
  ({ server, browser, fake } = app);
  fake.setTranscript(clipTranscript(CLIPS.jfk));
  fake.setChatReply((request) =>
    request.schemaName === 'story'
      ? { title: 'The Sawmill', content: 'My first job was at the sawmill by the river.', people: [], locations: [], dates: [], storyType: 'other' }
      : sampleFromSchema(request.schema),
  );
});

const shots = screenshots('family-loop', { fullPage: true });

/** The e-mails written to the outbox for one address, read as a mail program would. */
const mailsTo = (address: string) => {
  const folder = path.join(dataDir, 'outbox');
  const names = (() => {
    try {
      return readdirSync(folder).sort();
    } catch {
      return [];
    }
  })();
  return names.map((name) => readMimeMessage(readFileSync(path.join(folder, name), 'utf8'))).filter((mail) => mail.to.includes(address));
};

/** The one link of a message into the site, from its text part (the HTML's button is the same link). */
function linkIn(text: string | null, pathPattern: RegExp): string {
  const link = (text ?? '').match(new RegExp(`${server.url}\\S+`, 'g'))?.find((url) => pathPattern.test(new URL(url).pathname));
  if (!link) throw new Error(`no ${pathPattern} link in: ${text}`);
  return link;
}

async function relativePhone(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fi-FI' });
  return context.newPage();
}

it('the storyteller invites, the relative reads, listens, comments and asks; the answer told by recording reaches the relative', async () => {
  const relativeAddress = 'pekka@example.com';
  const { page: owner, userId } = await signedInPage(browser, server, 'loop-teller@example.com', { language: 'en', microphone: true });
  // E-mailed invitations need the storyteller's own address proven.
  await server.database.db.update(users).set({ emailVerifiedAt: new Date(), authorName: 'Aino' }).where(eq(users.id, userId));
  const seed = seeder(server.database.db, server.store);
  const lake = await seed.story(userId, { title: 'Summers at the lake', content: 'We rowed across the lake every morning.', processingStatus: 'generated', sharedWithFamilyAt: new Date() });
  const recording = await seed.recording(userId, { storyId: lake.id, mimeType: 'audio/wav', duration: 11 });
  await server.store.put(recording.audioKey, readFileSync(CLIPS.jfk), 'audio/wav');

  // The storyteller invites Pekka by e-mail, in Finnish, to everything.
  await owner.goto(`${server.url}/settings`);
  await owner.getByRole('link', { name: enCircle.settingsCard.open }).click();
  await owner.getByRole('link', { name: enCircle.invite.open }).click();
  await owner.getByRole('radio', { name: new RegExp(`^${enCircle.invite.byEmail}`) }).check();
  await owner.getByLabel(enCircle.invite.name).fill('Pekka');
  await owner.getByLabel(enCircle.invite.email).fill(relativeAddress);
  await owner.getByRole('radio', { name: enCircle.languages.fi }).check();
  await owner.getByRole('button', { name: enCircle.invite.send }).click();
  await owner.getByRole('status').filter({ hasText: enCircle.link.once }).waitFor(WAIT);
  await shots.page(owner, 'owner-invited');

  // The relative opens the e-mailed link on a phone with no account, in Finnish.
  const [invitation] = await expect.poll(() => mailsTo(relativeAddress), WAIT).toHaveLength(1).then(() => mailsTo(relativeAddress));
  expect(invitation.text).toContain('Aino');
  expect(invitation.html).toContain('/family/join/');
  const relative = await relativePhone();
  await relative.goto(linkIn(invitation.text, /^\/family\/join\//));
  await relative.getByRole('heading', { name: fiReading.join.title.replace('{{teller}}', 'Aino') }).waitFor(WAIT);
  expect(await relative.getByLabel(fiReading.join.name).inputValue()).toBe('Pekka');
  await relative.getByRole('button', { name: fiReading.join.join }).click();
  await relative.waitForURL(/\/family(\?.*)?$/, WAIT);
  await shots.page(relative, 'relative-library');

  // Reads the story and listens to it in the teller's voice.
  await relative.getByRole('link', { name: new RegExp(lake.title) }).click();
  await relative.getByRole('heading', { level: 1, name: lake.title }).waitFor(WAIT);
  await relative.getByText(fiReading.story.tellerVoice.replace('{{teller}}', 'Aino')).waitFor(WAIT);
  await relative.locator('audio').evaluate((audio: HTMLAudioElement) => audio.play());
  await expect.poll(() => relative.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime), WAIT).toBeGreaterThan(0);

  // Comments on it.
  await relative.getByRole('textbox', { name: fiRespond.comments.label }).fill('Muistan sen veneen, mummo!');
  await relative.getByRole('button', { name: fiRespond.comments.send }).click();
  await relative.getByRole('listitem').filter({ hasText: 'Muistan sen veneen, mummo!' }).waitFor(WAIT);
  const [member] = await server.database.db.select().from(familyMembers).where(eq(familyMembers.userId, userId));
  expect(await server.database.db.select({ body: storyComments.body, memberId: storyComments.memberId }).from(storyComments).where(eq(storyComments.storyId, lake.id))).toEqual([
    { body: 'Muistan sen veneen, mummo!', memberId: member.id },
  ]);
  await shots.page(relative, 'relative-story');

  // Asks a question from the reading view.
  await relative.getByRole('link', { name: fiReading.story.back }).click();
  await relative.getByRole('textbox', { name: fiRespond.questions.label }).fill('Mikä oli ensimmäinen työsi?');
  await relative.getByRole('button', { name: fiRespond.questions.send }).click();
  await relative.getByRole('listitem').filter({ hasText: 'Mikä oli ensimmäinen työsi?' }).getByText(fiRespond.questions.waiting).waitFor(WAIT);
  const [asked] = await server.database.db.select().from(familyQuestions).where(eq(familyQuestions.memberId, member.id));

  // The storyteller sees the question in the interviewer and answers it by recording.
  await owner.goto(`${server.url}/interviewer`);
  const questions = owner.getByRole('region', { name: enResponses.questions.title });
  await questions.getByText('Mikä oli ensimmäinen työsi?').waitFor(WAIT);
  await shots.page(owner, 'owner-question');
  await questions.getByRole('link', { name: enResponses.questions.recordLabel.replace('{{question}}', 'Mikä oli ensimmäinen työsi?') }).click();
  await owner.waitForURL(/\/record\?/, WAIT);
  await owner.getByText('Mikä oli ensimmäinen työsi?').waitFor(WAIT);
  await expect.poll(() => owner.getByRole('timer').textContent(), { timeout: 15_000 }).toMatch(/00:0[3-9]/);
  await owner.getByRole('button', { name: 'Stop' }).click();
  await owner.getByRole('radio', { name: 'A new story' }).check();
  await owner.getByRole('button', { name: 'Add recording' }).click();
  await owner.getByRole('heading', { name: 'Your story is ready!' }).waitFor({ timeout: 60_000 });
  const [answer] = await server.database.db.select().from(stories).where(eq(stories.questionId, familyQuestionId(asked.id)));
  expect(answer).toMatchObject({ userId, title: 'The Sawmill', processingStatus: 'generated' });

  // The relative is told by e-mail, in Finnish, with a link that opens the new story.
  const told = await expect
    .poll(() => mailsTo(relativeAddress).filter((mail) => mail.text?.includes('Mikä oli ensimmäinen työsi?')), { timeout: 30_000 })
    .toHaveLength(1)
    .then(() => mailsTo(relativeAddress).find((mail) => mail.text?.includes('Mikä oli ensimmäinen työsi?'))!);
  await relative.goto(linkIn(told.text, new RegExp(`^/family/stories/${answer.id}$`)));
  await relative.getByRole('heading', { level: 1, name: 'The Sawmill' }).waitFor(WAIT);
  await relative.getByText('My first job was at the sawmill by the river.').waitFor(WAIT);
  await shots.page(relative, 'relative-answer');

  // And the question in the relative's own list now leads to it.
  await relative.getByRole('link', { name: fiReading.story.back }).click();
  await relative.getByRole('link', { name: fiRespond.questions.answered }).click();
  await relative.waitForURL(new RegExp(`/family/stories/${answer.id}`), WAIT);
});
