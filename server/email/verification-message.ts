import { EMAIL_VERIFICATION_LINK_HOURS } from '../../contract/auth.ts';
import type { Language } from '../../contract/languages.ts';
import { letter, type Message } from './letter.ts';

const hours = EMAIL_VERIFICATION_LINK_HOURS;

/** The e-mail with the link that proves an address is the person's, in their language. */
export function verificationMessage(language: Language, name: string | null, link: string): Message {
  if (language === 'fi') {
    return letter(language, name, 'Vahvista sähköpostiosoitteesi Saagassa', [
      'tällä osoitteella luotiin Saaga-tili. Vahvista, että osoite on sinun, avaamalla tämä linkki:',
      link,
      `Linkki toimii kerran ja ${hours} tunnin ajan. Jos et luonut tiliä, voit jättää tämän viestin huomiotta: osoitteeseen ei lähetetä muuta.`,
    ]);
  }
  return letter(language, name, 'Confirm your e-mail address for Saaga', [
    'A Saaga account was created with this address. To confirm that the address is yours, open this link:',
    link,
    `The link works once, for ${hours} hours. If you did not create an account, you can ignore this message: nothing else will be sent to this address.`,
  ]);
}
