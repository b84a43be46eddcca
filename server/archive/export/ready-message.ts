import { DATE_LOCALES, type Language } from '../../../contract/languages.ts';
import { letter, type Message } from '../../email/letter.ts';

/** "Your Saaga archive is ready", in the export's language, with the link to Settings where it downloads. */
export function archiveReadyMessage(language: Language, name: string | null, settingsUrl: string | null, expiresAt: Date): Message {
  const until = expiresAt.toLocaleDateString(DATE_LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const where = settingsUrl ? [settingsUrl] : [];
  if (language === 'fi') {
    return letter(language, name, 'Saaga-arkistosi on valmis', [
      `arkistosi on valmis ladattavaksi: kaikki nauhoituksesi, litteroinnit, tarinat, ihmiset ja paikat sekä kirjat yhdessä ZIP-tiedostossa, joka aukeaa missä tahansa selaimessa.\nLataa se Saagan asetuksista ${until} mennessä.`,
      ...where,
    ], 'Lämpimin terveisin,');
  }
  return letter(language, name, 'Your Saaga archive is ready', [
    `Your archive is ready to download: all your recordings, transcripts, stories, people and places, and books in one ZIP file that opens in any browser.\nDownload it from Saaga's Settings until ${until}.`,
    ...where,
  ]);
}
