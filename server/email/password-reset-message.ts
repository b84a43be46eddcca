import { PASSWORD_RESET_LINK_HOURS } from '../../contract/auth.ts';
import type { Language } from '../../contract/languages.ts';
import { letter, type Message } from './letter.ts';

const hours = PASSWORD_RESET_LINK_HOURS;

/** The e-mail with a link to set a new password, in the person's language. */
export function passwordResetMessage(language: Language, name: string | null, link: string): Message {
  if (language === 'fi') {
    return letter(language, name, 'Saagan salasanan vaihtaminen', [
      'Saaga-tilillesi pyydettiin uutta salasanaa. Voit valita uuden salasanan tästä linkistä:',
      link,
      `Linkki toimii kerran ja ${hours === 1 ? 'tunnin' : `${hours} tunnin`} ajan. Jos et pyytänyt uutta salasanaa, voit jättää tämän viestin huomiotta: salasanasi pysyy ennallaan.`,
    ]);
  }
  return letter(language, name, 'Reset your Saaga password', [
    'Someone asked for a new password for your Saaga account. Choose a new password with this link:',
    link,
    `The link works once, for ${hours === 1 ? 'one hour' : `${hours} hours`}. If you did not ask for this, you can ignore this message: your password stays as it is.`,
  ]);
}
