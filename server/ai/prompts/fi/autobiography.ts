import type { AutobiographyTexts } from '../types.ts';

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
