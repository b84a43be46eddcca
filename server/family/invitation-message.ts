import { FAMILY_INVITATION_DAYS } from '../../contract/family.ts';
import type { Language } from '../../contract/languages.ts';
import { type HtmlMessage, htmlLetter } from '../email/html-letter.ts';
import { letter } from '../email/letter.ts';

/**
 * The invitation e-mail, in the relative's language: who invites them, the link (in the text
 * part too, for mail programs that show only text) and what it does. `tellerName` is null
 * when the owner's account has no name.
 */
export function invitationMessage(language: Language, to: { name: string | null; tellerName: string | null }, link: string): HtmlMessage {
  const days = FAMILY_INVITATION_DAYS;
  if (language === 'fi') {
    const who = to.tellerName ?? 'Sukulaisesi';
    const message = letter(language, to.name, `${who} kutsuu sinut lukemaan tarinoitaan`, [
      `${who} kertoo elämänsä tarinoita Saagassa ja toivoo, että luet ne ja kuulet ne hänen omalla äänellään.`,
      `Liity perhepiiriin avaamalla tämä linkki. Se toimii kerran ja ${days} päivän ajan, eikä salasanaa tarvita:\n${link}`,
      'Jos et odottanut tätä viestiä, voit jättää sen huomiotta.',
    ]);
    return htmlLetter(language, message, { button: { label: 'Liity ja lue', url: link } });
  }
  const who = to.tellerName ?? 'A relative of yours';
  const message = letter(language, to.name, `${who} invites you to read their stories`, [
    `${who} is telling the stories of their life on Saaga and would like you to read them, and hear them in their own voice.`,
    `Open this link to join the family circle. It works once, for ${days} days, and needs no password:\n${link}`,
    'If you did not expect this e-mail, you can ignore it.',
  ]);
  return htmlLetter(language, message, { button: { label: 'Join and read', url: link } });
}
