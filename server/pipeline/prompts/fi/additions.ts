import type { AdditionsTexts } from '../../story-prompt.ts';

/** Finnish texts of adding new recordings to a story the person edited by hand. */
export const additionsFi: AdditionsTexts = {
  task:
    'Kirjoittaja on kirjoittanut tai muokannut alla olevan tarinan itse. Hänen tekstinsä on LUKITTU: älä muuta, lyhennä, '
    + 'järjestä uudelleen, toista tai kirjoita uudelleen mitään siitä. Ainoa tehtäväsi on kirjoittaa UUSIA kappaleita, jotka '
    + 'lisäävät sen, mitä uudet nauhoitukset kertovat ja lukittu teksti ei vielä kerro. Kirjoita lukitun tekstin äänellä.',
  fixedText: 'Lukittu teksti (numeroidut kappaleet, pidä ennallaan)',
  paragraph: (n) => `[${n}]`,
  told: 'Nauhoitukset, jotka lukittu teksti jo kertoo',
  newRecordings: 'Uudet nauhoitukset, jotka lisätään tarinaan',
  output:
    'Palauta "paragraphs": jokainen uusi kappale kenttään "text" ja kenttään "after" sen lukitun kappaleen numero, jonka perään '
    + 'se tulee (0 ennen ensimmäistä, null loppuun). Kirjoita vain uusia kappaleita, älä koskaan kopioi lukittua; palauta tyhjä '
    + 'lista, jos uudet nauhoitukset eivät kerro mitään, mitä lukitusta tekstistä puuttuu. Palauta "title": lyhyt otsikko koko '
    + 'tarinalle. Listaa kenttiin "people", "locations" ja "dates" vain se, mitä uudet kappaleesi mainitsevat.',
};
