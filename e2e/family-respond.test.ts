import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  FAMILY_COOKIE,
  type FamilyCircleView,
  type FamilyCommentView,
  type FamilyQuestionView,
  type FamilyReaction,
  type FamilyReplyView,
} from '../contract/family.ts';
import { familyReader } from '../test/support/family.ts';
import { seeder } from '../test/support/seed.ts';
import { CLIPS } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { countMicrophoneOpens, microphoneOpened, pastAutomaticStart } from './support/microphone-count.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';

// What a relative does on a story and in the circle, at phone size in English and Finnish:
// reactions, comments (guarded like every editor), a voice reply recorded with the fake
// microphone (only on a press of Record, guarded like the recorder's take, sent with progress,
// kept on the device when sending fails), questions for the storyteller, and the reader's
// settings page. The reader is a real member of a real owner's circle (its signed cookie);
// the family routes of the responses and the reader's own settings are answered by a fake of
// their documented shapes (contract/family.ts) routed in the page, which records each call.
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

let server: TestApp;
let browser: Browser;
useBrowserApp({ microphone: CLIPS.jfk, engines: 'none' }, (app) => ({ server, browser } = app));

const WORDS = {
  en: {
    comment: 'Write a comment',
    send: 'Send comment',
    storyteller: 'Storyteller',
    deleteComment: 'Delete comment',
    heart: (count: number) => `Heart: ${count}`,
    replyByVoice: 'Reply by voice',
    stopAndSend: 'Stop and send',
    deleteReply: 'Delete voice reply',
    leaveReply: 'Keep this recording?',
    sendMyReply: 'Send my reply',
    discardRecording: 'Discard the recording',
    goOn: 'Go on recording',
    leaveText: 'Save your changes?',
    stay: 'Stay',
    notSent: 'Your voice reply was not sent',
    sendAgain: 'Send again',
    unsent: 'A voice reply was not sent',
    sendNow: 'Send it now',
    question: 'Your question',
    sendQuestion: 'Send question',
    waiting: 'Not answered yet',
    answered: 'Answered: read it',
    settings: 'Your settings',
    name: 'Your name',
    save: 'Save',
    weekly: 'A weekly digest',
    signOut: 'Sign out on this device',
    signedOut: 'You are signed out on this device',
    claim: 'Add to my account',
    signIn: 'Sign in',
  },
  fi: {
    comment: 'Kirjoita kommentti',
    send: 'Lähetä kommentti',
    storyteller: 'Kertoja',
    deleteComment: 'Poista kommentti',
    heart: (count: number) => `Sydän: ${count}`,
    replyByVoice: 'Vastaa äänellä',
    stopAndSend: 'Lopeta ja lähetä',
    deleteReply: 'Poista äänivastaus',
    leaveReply: 'Säilytetäänkö nauhoitus?',
    sendMyReply: 'Lähetä vastaukseni',
    discardRecording: 'Hylkää nauhoitus',
    goOn: 'Jatka nauhoitusta',
    leaveText: 'Tallennetaanko muutokset?',
    stay: 'Jää tälle sivulle',
    notSent: 'Äänivastaustasi ei lähetetty',
    sendAgain: 'Lähetä uudelleen',
    unsent: 'Äänivastaus jäi lähettämättä',
    sendNow: 'Lähetä nyt',
    question: 'Kysymyksesi',
    sendQuestion: 'Lähetä kysymys',
    waiting: 'Ei vielä vastattu',
    answered: 'Vastattu: lue se',
    settings: 'Asetuksesi',
    name: 'Nimesi',
    save: 'Tallenna',
    weekly: 'Viikkokooste',
    signOut: 'Kirjaudu ulos tällä laitteella',
    signedOut: 'Olet kirjautunut ulos tällä laitteella',
    claim: 'Lisää tililleni',
    signIn: 'Kirjaudu sisään',
  },
} as const;

type Language = keyof typeof WORDS;

interface Call {
  method: string;
  path: string;
  body: unknown;
  /** A multipart body's size and field names (a voice reply). */
  multipart?: { bytes: number; fields: string[] };
}

/**
 * The reader's family routes as helpers 1 and 3 document them (contract/family.ts), answered
 * in the page with their state kept here: what the reader sends, and what the server would
 * then answer. Everything else goes to the real server.
 */
class FamilyRoutes {
  readonly calls: Call[] = [];
  circles: FamilyCircleView[];
  comments: FamilyCommentView[];
  reactions: Record<FamilyReaction, number> = { heart: 2, smile: 0, tears: 1, hug: 0 };
  myReaction: FamilyReaction | null = null;
  replies: FamilyReplyView[] = [];
  questions: FamilyQuestionView[];
  /** The next voice replies the server refuses with a 503. */
  failReplies = 0;
  private nextId = 100;

  constructor(readonly circle: number, language: Language, answeredStoryId: number) {
    this.circles = [{ circle, tellerName: 'Helmi', name: 'Aino', language, notice: 'each', onAccount: false }];
    this.comments = [
      { id: 1, authorName: 'Ville', byTeller: false, mine: false, body: 'I remember that summer too!', createdAt: '2026-11-20T10:00:00.000Z' },
      { id: 2, authorName: 'Helmi', byTeller: true, mine: false, body: 'You were only four, Ville.', createdAt: '2026-11-21T09:30:00.000Z' },
    ];
    this.questions = [
      { id: 11, askerName: 'Aino', text: 'How did you meet grandpa?', createdAt: '2026-11-01T08:00:00.000Z', answeredStoryId },
    ];
  }

  async attach(target: Page | BrowserContext) {
    await target.route('**/api/family/**', (route) => this.answer(route));
  }

  callsTo(method: string, path: RegExp): Call[] {
    return this.calls.filter((call) => call.method === method && path.test(call.path));
  }

  private async answer(route: Route) {
    const request = route.request();
    const method = request.method();
    const path = new URL(request.url()).pathname;
    const type = request.headers()['content-type'] ?? '';
    const buffer = request.postDataBuffer();
    const multipart = type.startsWith('multipart/') && buffer
      ? { bytes: buffer.length, fields: [...buffer.toString('latin1').matchAll(/;\s*name="([^"]+)"/g)].map((match) => match[1]) }
      : undefined;
    const body = !multipart && buffer && buffer.length > 0 ? JSON.parse(buffer.toString('utf8')) : undefined;
    const json = (status: number, answer?: unknown) =>
      route.fulfill({ status, contentType: 'application/json', body: answer === undefined ? '' : JSON.stringify(answer) });
    const reply = (answer: unknown) => json(200, answer);
    let match: RegExpMatchArray | null;

    if (path.startsWith('/api/family/test-audio/')) return route.fulfill({ status: 200, contentType: 'audio/wav', body: readFileSync(CLIPS.jfk) });
    this.calls.push({ method, path, body, multipart });

    if (method === 'GET' && path === '/api/family/me') return reply(this.circles);
    if (method === 'PATCH' && (match = path.match(/^\/api\/family\/me\/(\d+)$/))) {
      this.circles = this.circles.map((one) => (one.circle === Number(match![1]) ? { ...one, ...(body as object) } : one));
      return json(204);
    }
    if (method === 'POST' && path === '/api/family/sign-out') {
      this.circles = [];
      return json(204);
    }
    if (method === 'POST' && path === '/api/family/claim') {
      this.circles = this.circles.map((one) => ({ ...one, onAccount: true }));
      return json(204);
    }
    if (method === 'GET' && /^\/api\/family\/stories\/\d+\/responses$/.test(path)) {
      const reactions = (Object.entries(this.reactions) as [FamilyReaction, number][])
        .map(([reaction, count]) => ({ reaction, count: count + (this.myReaction === reaction ? 1 : 0), mine: this.myReaction === reaction }))
        .filter((one) => one.count > 0);
      return reply({ comments: this.comments, reactions, replies: this.replies });
    }
    if (method === 'POST' && /^\/api\/family\/stories\/\d+\/comments$/.test(path)) {
      const comment = { id: this.nextId++, authorName: 'Aino', byTeller: false, mine: true, body: (body as { body: string }).body, createdAt: new Date().toISOString() };
      this.comments = [...this.comments, comment];
      return json(201, comment);
    }
    if (method === 'DELETE' && (match = path.match(/^\/api\/family\/comments\/(\d+)$/))) {
      this.comments = this.comments.filter((one) => one.id !== Number(match![1]));
      return json(204);
    }
    if (/^\/api\/family\/stories\/\d+\/reaction$/.test(path)) {
      this.myReaction = method === 'PUT' ? (body as { reaction: FamilyReaction }).reaction : null;
      return json(204);
    }
    if (method === 'POST' && /^\/api\/family\/stories\/\d+\/replies$/.test(path)) {
      if (this.failReplies > 0) {
        this.failReplies -= 1;
        return json(503, { message: 'Service unavailable', code: 'service_unavailable' });
      }
      const id = this.nextId++;
      const created = { id, authorName: 'Aino', mine: true, duration: 3, audioUrl: `/api/family/test-audio/${id}`, createdAt: new Date().toISOString() };
      this.replies = [...this.replies, created];
      return json(201, created);
    }
    if (method === 'DELETE' && (match = path.match(/^\/api\/family\/replies\/(\d+)$/))) {
      this.replies = this.replies.filter((one) => one.id !== Number(match![1]));
      return json(204);
    }
    if (method === 'GET' && path === '/api/family/questions') return reply(this.questions);
    if (method === 'POST' && path === '/api/family/questions') {
      const question = { id: this.nextId++, askerName: 'Aino', text: (body as { text: string }).text, createdAt: new Date().toISOString(), answeredStoryId: null };
      this.questions = [...this.questions, question];
      return json(201, question);
    }
    return route.fallback();
  }
}

/** An owner with a story, and a relative's phone reading in their circle (the device's signed family cookie). */
async function readerPhone(email: string, language: Language) {
  const { page: ownerPage, userId } = await signedInPage(browser, server, email, { language });
  await ownerPage.context().close();
  const story = await seeder(server.database.db).story(userId, { title: 'Summers at the cottage', content: 'We rowed across the lake.', language });
  const answer = await seeder(server.database.db).story(userId, { title: 'How we met', content: 'At a dance in Tampere.', language });
  const { memberId, token } = await familyReader(server, userId, { name: 'Aino', language });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: language === 'fi' ? 'fi-FI' : 'en-US' });
  await context.grantPermissions(['microphone']);
  await context.addCookies([{ name: FAMILY_COOKIE, value: encodeURIComponent(server.app.signCookie(token)), url: server.url }]);
  const family = new FamilyRoutes(memberId, language, answer.id);
  await family.attach(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('pageerror', error.message));
  await countMicrophoneOpens(page);
  return { page, family, storyId: story.id, answerId: answer.id, ownerId: userId };
}

/**
 * Opens the reading view, then a story (or the settings) from it, as a reader does: Back from
 * there is the app's own history entry, which the page's guards can hold.
 */
async function openFromReadingView(page: Page, target: { storyId: number } | 'settings') {
  await page.goto(`${server.url}/family?stories=${target === 'settings' ? '' : target.storyId}`);
  await page.getByRole('link', { name: target === 'settings' ? 'Your settings' : `Story ${target.storyId}` }).click();
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/family-respond-${name}.png`, fullPage: true });

for (const language of ['en', 'fi'] as const) {
  const words = WORDS[language];

  it.concurrent(`${language}: reactions and comments: one reaction a reader, taken back by a second tap; a typed comment is guarded, sent, and deleted after asking`, async ({ expect }) => {
    const { page, family, storyId } = await readerPhone(`react-${language}@example.com`, language);
    await openFromReadingView(page, { storyId });

    // The teller's answer is marked; comments run oldest to newest.
    const comments = page.getByRole('listitem').filter({ hasText: 'You were only four, Ville.' });
    await comments.getByText(words.storyteller, { exact: true }).waitFor(WAIT);

    // A heart: counted, pressed; tapped again: taken back.
    await page.getByRole('button', { name: words.heart(2) }).click();
    const mine = page.getByRole('button', { name: words.heart(3) });
    await expect.poll(() => mine.getAttribute('aria-pressed'), WAIT).toBe('true');
    expect(family.callsTo('PUT', /\/reaction$/).map((call) => call.body)).toEqual([{ reaction: 'heart' }]);
    await shot(page, `reactions-${language}`);
    await mine.click();
    await expect.poll(() => page.getByRole('button', { name: words.heart(2) }).getAttribute('aria-pressed'), WAIT).toBe('false');
    expect(family.callsTo('DELETE', /\/reaction$/)).toHaveLength(1);

    // A typed comment: Back asks first; Stay keeps it.
    const box = page.getByRole('textbox', { name: words.comment });
    await box.fill('Grandpa rowed us to the island.');
    await page.goBack();
    const leave = page.getByRole('alertdialog', { name: words.leaveText });
    await leave.waitFor(WAIT);
    await shot(page, `comment-leave-${language}`);
    await leave.getByRole('button', { name: words.stay }).click();
    await leave.waitFor({ state: 'detached' });
    expect(page.url()).toContain(`/family/stories/${storyId}`);
    expect(await box.inputValue()).toBe('Grandpa rowed us to the island.');

    await page.getByRole('button', { name: words.send }).click();
    const sent = page.getByRole('listitem').filter({ hasText: 'Grandpa rowed us to the island.' });
    await sent.waitFor(WAIT);
    expect(family.callsTo('POST', /\/comments$/).map((call) => call.body)).toEqual([{ body: 'Grandpa rowed us to the island.' }]);
    expect(await box.inputValue()).toBe('');
    // Newest last.
    const texts = await page.getByRole('listitem').filter({ has: page.getByText(/summer too|only four|island/) }).allTextContents();
    expect(texts.map((text) => text.match(/summer too|only four|island/)![0])).toEqual(['summer too', 'only four', 'island']);
    await shot(page, `comments-${language}`);

    // Only one's own comment can be deleted, after asking.
    expect(await comments.getByRole('button', { name: words.deleteComment }).count()).toBe(0);
    await sent.getByRole('button', { name: words.deleteComment }).click();
    const ask = page.getByRole('alertdialog');
    await ask.waitFor(WAIT);
    await ask.getByRole('button', { name: words.deleteComment }).click();
    await sent.waitFor({ state: 'detached', ...WAIT });
    expect(family.callsTo('DELETE', /\/api\/family\/comments\/\d+$/)).toHaveLength(1);

    // Nothing is typed now: Back leaves without a question.
    await page.goBack();
    await page.waitForURL((url) => !url.pathname.startsWith(`/family/stories/${storyId}`), WAIT);
  });

  it.concurrent(`${language}: a voice reply: the microphone opens only on Record; leaving mid-take asks; sent with its player; deleted after asking`, async ({ expect }) => {
    const { page, family, storyId } = await readerPhone(`voice-${language}@example.com`, language);
    await openFromReadingView(page, { storyId });
    const record = page.getByRole('button', { name: words.replyByVoice });
    await record.waitFor(WAIT);
    await pastAutomaticStart(page);
    expect(await microphoneOpened(page)).toBe(0);

    await record.click();
    const timer = page.getByRole('timer');
    await expect.poll(() => timer.textContent(), WAIT).toMatch(/^0:0[2-9]$/);
    expect(await microphoneOpened(page)).toBe(1);

    // Back mid-take: the recorder's question, the microphone paused; Stay goes on recording.
    await page.goBack();
    const leave = page.getByRole('alertdialog', { name: words.leaveReply });
    await leave.waitFor(WAIT);
    await shot(page, `reply-leave-${language}`);
    await leave.getByRole('button', { name: words.goOn }).click();
    await leave.waitFor({ state: 'detached' });
    expect(page.url()).toContain(`/family/stories/${storyId}`);
    const before = await timer.textContent();
    await expect.poll(() => timer.textContent(), WAIT).not.toBe(before);

    await page.getByRole('button', { name: words.stopAndSend }).click();
    const player = page.getByRole('button', { name: /Play|Toista/ });
    await player.waitFor(WAIT);
    const [upload] = family.callsTo('POST', /\/replies$/);
    expect(upload.path).toBe(`/api/family/stories/${storyId}/replies`);
    expect(upload.multipart!.fields).toEqual(['duration', 'audio']);
    expect(upload.multipart!.bytes).toBeGreaterThan(5_000);
    await shot(page, `reply-sent-${language}`);

    await page.getByRole('button', { name: words.deleteReply }).click();
    const ask = page.getByRole('alertdialog');
    await ask.getByRole('button', { name: words.deleteReply }).click();
    await player.waitFor({ state: 'detached', ...WAIT });
    expect(family.callsTo('DELETE', /\/api\/family\/replies\/\d+$/)).toHaveLength(1);

    // A take left by Back with Discard is gone: nothing sent, nothing kept.
    await record.click();
    await expect.poll(() => timer.textContent(), WAIT).toMatch(/^0:0[1-9]$/);
    await page.goBack();
    await leave.getByRole('button', { name: words.discardRecording }).click();
    await page.waitForURL((url) => !url.pathname.startsWith(`/family/stories/${storyId}`), WAIT);
    expect(family.callsTo('POST', /\/replies$/)).toHaveLength(1);
    await openFromReadingView(page, { storyId });
    await record.waitFor(WAIT);
    expect(await page.getByRole('region', { name: words.unsent }).count()).toBe(0);
  });

  it.concurrent(`${language}: a voice reply the server did not take is kept: Send again from the story, and after a reload from the device`, async ({ expect }) => {
    const { page, family, storyId } = await readerPhone(`unsent-${language}@example.com`, language);
    page.on('dialog', (question) => void question.accept());
    family.failReplies = 2;
    await page.goto(`${server.url}/family/stories/${storyId}`);
    await page.getByRole('button', { name: words.replyByVoice }).click();
    await expect.poll(() => page.getByRole('timer').textContent(), WAIT).toMatch(/^0:0[2-9]$/);
    await page.getByRole('button', { name: words.stopAndSend }).click();

    const unsentHere = page.getByRole('alert').filter({ hasText: words.notSent });
    await unsentHere.waitFor(WAIT);
    await shot(page, `reply-unsent-${language}`);
    await unsentHere.getByRole('button', { name: words.sendAgain }).click();
    // Refused once more: still here.
    await expect.poll(() => family.callsTo('POST', /\/replies$/).length, WAIT).toBe(2);
    await unsentHere.getByRole('button', { name: words.sendAgain }).waitFor(WAIT);

    // A reload (the browser's own question, accepted): the take is on the device and offered back.
    await page.reload();
    const offer = page.getByRole('region', { name: words.unsent });
    await offer.waitFor(WAIT);
    await shot(page, `reply-offered-${language}`);
    await offer.getByRole('button', { name: words.sendNow }).click();
    await offer.waitFor({ state: 'detached', ...WAIT });
    const sent = family.callsTo('POST', /\/replies$/);
    expect(sent).toHaveLength(3);
    expect(sent[2].multipart!.bytes).toBeGreaterThan(5_000);
    await page.getByRole('button', { name: /Play|Toista/ }).waitFor(WAIT);
    await page.reload();
    await page.getByRole('button', { name: words.replyByVoice }).waitFor(WAIT);
    expect(await offer.count()).toBe(0);
  });

  it.concurrent(`${language}: a question for the storyteller, and the reader's questions with the answered one linking to its story`, async ({ expect }) => {
    const { page, family, storyId, answerId } = await readerPhone(`question-${language}@example.com`, language);
    await openFromReadingView(page, { storyId });
    await page.getByRole('heading', { name: /Helmi/ }).waitFor(WAIT);
    await page.getByRole('textbox', { name: words.question }).fill('What was your first job?');
    await page.getByRole('button', { name: words.sendQuestion }).click();
    const asked = page.getByRole('listitem').filter({ hasText: 'What was your first job?' });
    await asked.getByText(words.waiting).waitFor(WAIT);
    expect(family.callsTo('POST', /\/api\/family\/questions$/).map((call) => call.body)).toEqual([
      { text: 'What was your first job?', circle: family.circle },
    ]);
    expect(family.callsTo('GET', /\/api\/family\/questions$/).length).toBeGreaterThan(0);
    await shot(page, `questions-${language}`);

    await page.getByRole('link', { name: words.answered }).click();
    await page.waitForURL(new RegExp(`/family/stories/${answerId}$`), WAIT);
    await page.goBack();
    await page.waitForURL(new RegExp(`/family/stories/${storyId}$`), WAIT);
  });

  it.concurrent(`${language}: the reader's settings: name (guarded), e-mails, another device through an account, sign out here`, async ({ expect }) => {
    const { page, family } = await readerPhone(`settings-${language}@example.com`, language);
    await openFromReadingView(page, 'settings');
    await page.getByRole('heading', { name: words.settings }).waitFor(WAIT);
    await shot(page, `settings-${language}`);

    // The name: a typed change asks before Back loses it.
    const name = page.getByRole('textbox', { name: words.name });
    await name.fill('Aino K.');
    await page.goBack();
    const leave = page.getByRole('alertdialog', { name: words.leaveText });
    await leave.waitFor(WAIT);
    await leave.getByRole('button', { name: words.stay }).click();
    await page.getByRole('button', { name: words.save, exact: true }).click();
    await expect.poll(() => family.callsTo('PATCH', /\/api\/family\/me\/\d+$/).map((call) => call.body), WAIT).toEqual([{ name: 'Aino K.' }]);

    await page.getByRole('radio', { name: words.weekly }).check();
    await expect.poll(() => family.callsTo('PATCH', /\/api\/family\/me\/\d+$/).map((call) => call.body), WAIT).toEqual([
      { name: 'Aino K.' },
      { notice: 'weekly' },
    ]);
    expect(family.callsTo('PATCH', /\/api\/family\/me\/\d+$/)[0].path).toBe(`/api/family/me/${family.circle}`);

    // Another device: signed out, sign in (or create an account) comes first.
    await page.getByRole('link', { name: words.signIn, exact: true }).waitFor(WAIT);

    await page.getByRole('button', { name: words.signOut }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: words.signOut }).click();
    await page.getByRole('heading', { name: words.signedOut }).waitFor(WAIT);
    expect(family.callsTo('POST', /\/api\/family\/sign-out$/)).toHaveLength(1);
    await shot(page, `signed-out-${language}`);
  });
}

it.concurrent('a signed-in reader adds the circles to the account, to read on another device', async ({ expect }) => {
  const { page: account } = await signedInPage(browser, server, 'claimer@example.com');
  const { memberId, token } = await familyReader(server, (await signedInPage(browser, server, 'claim-owner@example.com')).userId, { name: 'Aino' });
  const context = account.context();
  await context.addCookies([{ name: FAMILY_COOKIE, value: encodeURIComponent(server.app.signCookie(token)), url: server.url }]);
  const family = new FamilyRoutes(memberId, 'en', 1);
  await family.attach(context);
  await account.goto(`${server.url}/family/settings`);
  await account.getByText('You are signed in as claimer@example.com.').waitFor(WAIT);
  await account.getByRole('button', { name: WORDS.en.claim }).click();
  await account.getByText('This family circle is on your account (claimer@example.com).', { exact: false }).waitFor(WAIT);
  expect(family.callsTo('POST', /\/api\/family\/claim$/)).toHaveLength(1);
  await shot(account, 'claimed-en');
});
