import type { Language } from '../../contract/languages.ts';

/** The welcome e-mail, in the user's language. */
export function welcomeMessage(language: Language, name: string | null): { subject: string; text: string } {
  if (language === 'fi') {
    return {
      subject: 'Tervetuloa Saagaan',
      text: [
        `Hei${name ? ` ${name}` : ''},`,
        '',
        'tervetuloa Saagaan. Napauta nauhoituspainiketta ja kerro muisto omin sanoin:',
        'Saaga kirjoittaa siitä tarinan, jonka voit tallentaa, koota lukuihin ja jakaa läheisillesi.',
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
      '',
      'Warm regards,',
      'Saaga',
    ].join('\n'),
  };
}
