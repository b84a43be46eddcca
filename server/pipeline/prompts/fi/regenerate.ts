import type { RegenerateTexts } from '../../story-prompt.ts';

/** Finnish texts of story regeneration. */
export const regenerateFi: RegenerateTexts = {
  intro: 'Kirjoita alla oleva tarina uudelleen samoista nauhoituksista nykyisten asetusten mukaisesti.',
  previous: 'Tarinan nykyinen versio',
  instructions: 'Mitä kirjoittaja pyysi muuttamaan',
  noInstructions: 'Kirjoita uusi versio; älä kopioi lauseita nykyisestä.',
};
