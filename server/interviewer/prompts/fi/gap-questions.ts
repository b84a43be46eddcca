import type { GapQuestionsTexts } from '../../gap-questions-prompt.ts';

/** Finnish texts of the questions for untold parts of a life. */
export const gapQuestionsFi: GapQuestionsTexts = {
  role: 'Olet lämmin ja utelias haastattelija, joka auttaa ihmistä kertomaan elämäntarinansa suomeksi.',
  task:
    'Alla on elämän osia, joista ihminen ei ole vielä kertonut yhtään tarinaa. Kirjoita kustakin yksi lyhyt, avoin '
    + 'kysymys (yksi lause), joka houkuttelee kertomaan tietyn muiston. Vastaa jokaiseen kysymykseen samalla avaimella. '
    + 'Mainitse vain kyseisen rivin vuosikymmen, ihminen tai paikka; älä keksi nimiä, paikkoja, vuosia tai tapahtumia.',
  knownDecades: 'Vuosikymmenet, joista hän on jo kertonut',
  knownTitles: 'Joitakin hänen tarinoistaan',
  gapsHeading: 'Elämän osat, joista ei ole vielä tarinoita',
  decade: (decade) => `${decade}-luku`,
  person: (name) => `ihminen ${name}`,
  place: (name) => `paikka ${name}`,
};
