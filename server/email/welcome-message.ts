import type { Language } from '../../contract/languages.ts';

/** The welcome e-mail, in the user's language; `origin` is the site's address (null when the server does not know it). */
export function welcomeMessage(language: Language, name: string | null, origin: string | null): { subject: string; text: string } {
  if (language === 'fi') {
    return {
      subject: 'Tervetuloa Saagaan',
      text: [
        `Hei${name ? ` ${name}` : ''},`,
        '',
        'tervetuloa Saagaan. Napauta nauhoituspainiketta ja kerro muisto omin sanoin:',
        'Saaga kirjoittaa siitä tarinan, jonka voit tallentaa, koota lukuihin ja jakaa läheisillesi.',
        ...(origin ? ['', origin] : []),
        '',
        'Lämpimin terveisin,',
        'Saaga',
      ].join('\n'),
    };
  }
  return {
    subject: 'Welcome to Saaga',
    text: [
      `Hi${name ? ` ${name}` : ''},`,
      '',
      'Welcome to Saaga. Tap the record button and tell a memory in your own words:',
      'Saaga writes a story from it that you can keep, gather into chapters and share with the people you love.',
      ...(origin ? ['', origin] : []),
      '',
      'Warm regards,',
      'Saaga',
    ].join('\n'),
  };
}
