import type { AutobiographyChapterTexts, AutobiographyTexts } from '../../autobiography-prompt.ts';

/** Finnish texts of the autobiography task. */
export const autobiographyFi: AutobiographyTexts = {
  role: 'Olet taitava haamukirjoittaja, joka punoo ihmisen elämäntarinat yhdeksi omaelämäkerraksi.',
  task:
    'Puno alla olevat tarinat yhdeksi yhtenäiseksi omaelämäkerraksi aikajärjestyksessä silloin, kun tarinoista käy ilmi, milloin ne tapahtuivat, '
    + 'ja sujuvin siirtymin. Käytä osien otsikoissa "## "-merkintää; muuten kirjoita tavallisia kappaleita tyhjillä riveillä erotettuina.',
  grounding: 'Säilytä jokainen tarinoiden tosiasia äläkä lisää uusia: ei uusia ihmisiä, paikkoja, päivämääriä tai tapahtumia. Kirjoita suomeksi.',
  title: (title) => (title ? `Anna otsikoksi "${title}".` : 'Anna sille sopiva otsikko.'),
  storyHeading: (n, title, when) => `Tarina ${n}: ${title}${when ? ` (${when})` : ''}`,
};

/** Finnish texts of one chapter of an autobiography. */
export const autobiographyChapterFi: AutobiographyChapterTexts = {
  role: 'Olet taitava haamukirjoittaja, joka kirjoittaa ihmisen omaelämäkertaa luku kerrallaan hänen omista elämäntarinoistaan.',
  task: (n, count, book) =>
    `Kirjoita omaelämäkerran "${book}" luku ${n}/${count} alla olevista tarinoista: yksi yhtenäinen luku, joka etenee tarinoiden järjestyksessä `
    + 'sujuvin siirtymin ja jatkuu luontevasti edellisen luvun lopusta, kun se on annettu.',
  grounding:
    'Käytä vain sitä, mitä tarinoissa kerrotaan: älä mainitse ihmisiä, paikkoja, vuosia tai päivämääriä, joita niissä ei ole, äläkä lisää tapahtumia. Kirjoita suomeksi.',
  format: 'Kirjoita tavallisia kappaleita tyhjillä riveillä erotettuina; ei otsikoita, luetteloita eikä HTML:ää. Palauta luvun otsikko ja teksti.',
  title: (title) => (title ? `Luvun otsikko on "${title}".` : 'Anna luvulle lyhyt otsikko sen tarinoiden pohjalta.'),
  previousEnding: 'Edellisen luvun loppu (älä toista sitä)',
  storyHeading: (n, title, when) => `Tarina ${n}: ${title}${when ? ` (${when})` : ''}`,
};
