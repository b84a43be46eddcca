import type { Language } from '../../../contract/languages.ts';

/** README.txt at the archive's root, in the person's language: what is where, in plain words. */
export function archiveReadme(language: Language, exportedAt: Date, accountName: string | null): string {
  const day = exportedAt.toISOString().slice(0, 10);
  const text = language === 'fi' ? finnish(day, accountName) : english(day, accountName);
  // Windows' Notepad and every other editor read CRLF; the archive is for anyone's computer.
  return `${text.trim()}\n`.replace(/\n/g, '\r\n');
}

function english(day: string, name: string | null): string {
  return `
YOUR SAAGA ARCHIVE
${name ? `${name}, exported ${day}` : `Exported ${day}`}

This folder holds everything you kept in Saaga: your recordings as you made them, their
transcripts, your stories, your photos, the people and places in them, your chapters and
your books. Everything is in ordinary files that open without Saaga and without the internet.

To read your stories, open index.html: it opens in any web browser (double-click it), and
needs no server and no internet connection. You can play your recordings there beside the
stories.

What is where:

  index.html, site/    Your stories to read in a browser, by chapter and by year, with the
                       people and places.
  recordings/          Every recording, the original file as you uploaded it, named by its
                       date and the title of its story.
  transcripts/         What was said in each recording: as plain text (.txt) and as subtitles
                       with timings (.vtt, WebVTT), with the same name as the recording.
  stories/             Every story as a text file (Markdown, .md). Its first lines, between
                       the --- lines, tell its title, dates, time, people, places, chapter,
                       style, whether you edited it by hand, its public link and its recordings.
  books/               Each autobiography Saaga wrote for you, as an e-book (.epub) and a PDF.
  narrations/          The spoken versions of your published stories (.mp3).
  photos/              Every photo as you uploaded it, named by the day it was taken and its
                       caption. These originals keep what the camera wrote, such as where the
                       photo was taken: they are yours alone. The copies the pages show
                       (site/photos/) carry none of it.
  data/                Everything above as data (JSON), for other programs: chapters, stories,
                       recordings, people, places, follow-up questions, interview answers,
                       autobiographies and photos. Recordings and photos marked with
                       contributorName were added by a co-author you invited.
  schema.json          A description (JSON Schema) of every file in data/.
  archive.json         What this file is: a Saaga archive, its version and when it was made.

To move to another Saaga, keep this ZIP file as it is and choose "Import an archive" in the
other Saaga's Settings: it reads everything back into your account there.
`;
}

function finnish(day: string, name: string | null): string {
  return `
SAAGA-ARKISTOSI
${name ? `${name}, viety ${day}` : `Viety ${day}`}

Tässä kansiossa on kaikki, mitä olet tallentanut Saagaan: nauhoituksesi sellaisina kuin teit
ne, niiden litteroinnit, tarinasi, kuvasi, niissä mainitut ihmiset ja paikat, lukusi ja
kirjasi. Kaikki on tavallisina tiedostoina, jotka aukeavat ilman Saagaa ja ilman internetiä.

Lue tarinasi avaamalla index.html: se aukeaa missä tahansa verkkoselaimessa (kaksoisnapsauta
sitä), eikä se tarvitse palvelinta eikä internetyhteyttä. Voit kuunnella nauhoituksiasi siellä
tarinoiden vierellä.

Mitä missäkin on:

  index.html, site/    Tarinasi luettavina selaimessa, luvuittain ja vuosittain, sekä niiden
                       ihmiset ja paikat.
  recordings/          Jokainen nauhoitus alkuperäisenä tiedostona sellaisena kuin lähetit
                       sen, nimettynä päivämäärän ja tarinan otsikon mukaan.
  transcripts/         Mitä kussakin nauhoituksessa sanottiin: tekstinä (.txt) ja ajoitettuina
                       tekstityksinä (.vtt, WebVTT), samalla nimellä kuin nauhoitus.
  stories/             Jokainen tarina tekstitiedostona (Markdown, .md). Sen alussa, ---
                       -rivien välissä, ovat otsikko, päivämäärät, aika, ihmiset, paikat, luku,
                       tyyli, oletko muokannut sitä itse, julkinen linkki ja sen nauhoitukset.
  books/               Jokainen Saagan sinulle kirjoittama omaelämäkerta e-kirjana (.epub) ja
                       PDF-tiedostona.
  narrations/          Julkaistujen tarinoidesi luetut versiot (.mp3).
  photos/              Jokainen kuva sellaisena kuin lähetit sen, nimettynä ottopäivän ja
                       kuvatekstin mukaan. Näissä alkuperäisissä on se, mitä kamera kirjoitti,
                       kuten kuvauspaikka: ne ovat vain sinun. Sivujen näyttämissä kopioissa
                       (site/photos/) sitä ei ole.
  data/                Kaikki edellä mainittu tietona (JSON) muita ohjelmia varten: luvut,
                       tarinat, nauhoitukset, ihmiset, paikat, jatkokysymykset, haastattelun
                       vastaukset, omaelämäkerrat ja kuvat. Nauhoitukset ja kuvat, joissa on
                       contributorName, on lisännyt kutsumasi kanssakirjoittaja.
  schema.json          Kuvaus (JSON Schema) jokaisesta data/-kansion tiedostosta.
  archive.json         Mikä tämä tiedosto on: Saaga-arkisto, sen versio ja milloin se tehtiin.

Jos siirryt toiseen Saagaan, pidä tämä ZIP-tiedosto sellaisenaan ja valitse toisen Saagan
asetuksista "Tuo arkisto": se lukee kaiken takaisin tilillesi siellä.
`;
}
