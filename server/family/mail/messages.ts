import type { Language } from '../../../contract/languages.ts';
import { type HtmlMessage, htmlLetter } from '../../email/html-letter.ts';
import { letter } from '../../email/letter.ts';

// The family circle's e-mails, plain and short, in the recipient's language: a text part
// (letter.ts) and an HTML part (html-letter.ts) with one big link and the way to stop them.

interface Footer {
  unsubscribeUrl: string;
}

const STOP = {
  en: { text: "Don't want these e-mails?", link: 'Stop them' },
  fi: { text: 'Etkö halua näitä viestejä?', link: 'Lopeta ne' },
} as const;

const stopLine = (language: Language, url: string) => `${STOP[language].text} ${STOP[language].link}: ${url}`;

/** The weekly question: the question itself, and the link that opens the recorder with it. */
export function weeklyQuestionMessage(language: Language, name: string | null, question: string, recordUrl: string, { unsubscribeUrl }: Footer): HtmlMessage {
  const t =
    language === 'fi'
      ? {
          subject: 'Viikon kysymys: kerro tarinasi',
          intro: 'Tämän viikon kysymys sinulle:',
          how: 'Napauta alla olevaa linkkiä: nauhoitin avautuu kysymyksen kanssa, ja kerrot vastauksesi omin sanoin. Linkki toimii kerran, 14 päivän ajan.',
          button: 'Kerro vastauksesi',
        }
      : {
          subject: 'Your question of the week',
          intro: 'Your question this week:',
          how: 'Tap the link below: the recorder opens with the question on screen, and you answer in your own words. The link works once, for 14 days.',
          button: 'Tell your answer',
        };
  const message = letter(language, name, t.subject, [`${t.intro}\n${question}`, t.how, `${t.button}: ${recordUrl}`, stopLine(language, unsubscribeUrl)]);
  const shown = letter(language, name, t.subject, [`${t.intro}\n${question}`, t.how]);
  return { ...message, html: htmlLetter(language, shown, { button: { label: t.button, url: recordUrl }, footer: STOP[language].text, footerLink: { label: STOP[language].link, url: unsubscribeUrl } }).html };
}

/** A story in a notice: its title, first lines, link and (when it has one) the cover's content id. */
export interface NoticeStory {
  title: string;
  firstLines: string;
  url: string;
  coverCid: string | null;
}

/** A new story from the storyteller, at once ('each'). */
export function storyNoticeMessage(language: Language, name: string | null, tellerName: string, story: NoticeStory, { unsubscribeUrl }: Footer): HtmlMessage {
  const t =
    language === 'fi'
      ? { subject: `${tellerName}: uusi tarina – ${story.title}`, intro: `${tellerName} kertoi uuden tarinan.`, button: 'Lue ja kuuntele' }
      : { subject: `${tellerName}: a new story – ${story.title}`, intro: `${tellerName} has told a new story.`, button: 'Read and listen' };
  const body = [t.intro, `${story.title}\n${story.firstLines}`];
  const message = letter(language, name, t.subject, [...body, `${t.button}: ${story.url}`, stopLine(language, unsubscribeUrl)]);
  const html = htmlLetter(language, letter(language, name, t.subject, body), {
    image: story.coverCid ? { url: `cid:${story.coverCid}`, alt: story.title } : undefined,
    button: { label: t.button, url: story.url },
    footer: STOP[language].text,
    footerLink: { label: STOP[language].link, url: unsubscribeUrl },
  }).html;
  return { ...message, html };
}

/** The week's new stories in one e-mail ('weekly'). */
export function storyDigestMessage(language: Language, name: string | null, tellerName: string, stories: NoticeStory[], libraryUrl: string, { unsubscribeUrl }: Footer): HtmlMessage {
  const t =
    language === 'fi'
      ? { subject: `${tellerName}: viikon uudet tarinat`, intro: `${tellerName} kertoi tällä viikolla uusia tarinoita:`, read: 'Lue ja kuuntele', button: 'Avaa tarinat' }
      : { subject: `${tellerName}: new stories this week`, intro: `${tellerName} has told new stories this week:`, read: 'Read and listen', button: 'Open the stories' };
  const entries = stories.map((story) => `${story.title}\n${story.firstLines}\n${t.read}: ${story.url}`);
  const message = letter(language, name, t.subject, [t.intro, ...entries, stopLine(language, unsubscribeUrl)]);
  const html = htmlLetter(language, letter(language, name, t.subject, [t.intro, ...entries]), {
    button: { label: t.button, url: libraryUrl },
    footer: STOP[language].text,
    footerLink: { label: STOP[language].link, url: unsubscribeUrl },
  }).html;
  return { ...message, html };
}

/** The first lines of a story's text for a notice: its first paragraph, cut at about 300 characters. */
export function firstLinesOf(content: string, max = 300): string {
  const first = content.trim().split(/\n\s*\n/)[0] ?? '';
  if (first.length <= max) return first;
  const cut = first.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 40)).trimEnd()}…`;
}
