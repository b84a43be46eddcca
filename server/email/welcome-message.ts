import type { Language } from '../../contract/languages.ts';
import { letter, type Message } from './letter.ts';

/** The welcome e-mail, in the user's language; `origin` is the site's address (null when the server does not know it). */
export function welcomeMessage(language: Language, name: string | null, origin: string | null): Message {
  const address = origin ? [origin] : [];
  if (language === 'fi') {
    return letter(
      language,
      name,
      'Tervetuloa Saagaan',
      [
        'tervetuloa Saagaan. Napauta nauhoituspainiketta ja kerro muisto omin sanoin:\nSaaga kirjoittaa siitä tarinan, jonka voit tallentaa, koota lukuihin ja jakaa läheisillesi.',
        ...address,
      ],
      'Lämpimin terveisin,',
    );
  }
  return letter(language, name, 'Welcome to Saaga', [
    'Welcome to Saaga. Tap the record button and tell a memory in your own words:\nSaaga writes a story from it that you can keep, gather into chapters and share with the people you love.',
    ...address,
  ]);
}
