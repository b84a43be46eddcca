import { EMAIL_VERIFICATION_LINK_HOURS } from '../../contract/auth.ts';
import type { Language } from '../../contract/languages.ts';

const hours = EMAIL_VERIFICATION_LINK_HOURS;

/** The e-mail with the link that proves an address is the person's, in their language. */
export function verificationMessage(language: Language, name: string | null, link: string): { subject: string; text: string } {
  if (language === 'fi') {
    return {
      subject: 'Vahvista sähköpostiosoitteesi Saagassa',
      text: [
        `Hei${name ? ` ${name}` : ''},`,
        '',
        'tällä osoitteella luotiin Saaga-tili. Vahvista, että osoite on sinun, avaamalla tämä linkki:',
        '',
        link,
        '',
        `Linkki toimii kerran ja ${hours} tunnin ajan. Jos et luonut tiliä, voit jättää tämän viestin huomiotta: osoitteeseen ei lähetetä muuta.`,
        '',
        'Terveisin,',
        'Saaga',
      ].join('\n'),
    };
  }
  return {
    subject: 'Confirm your e-mail address for Saaga',
    text: [
      `Hi${name ? ` ${name}` : ''},`,
      '',
      'A Saaga account was created with this address. To confirm that the address is yours, open this link:',
      '',
      link,
      '',
      `The link works once, for ${hours} hours. If you did not create an account, you can ignore this message: nothing else will be sent to this address.`,
      '',
      'Warm regards,',
      'Saaga',
    ].join('\n'),
  };
}
