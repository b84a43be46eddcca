import type { PhotoQuestionTexts } from '../../photo-question-prompt.ts';

/** Finnish texts of the first question about a photo. */
export const photoQuestionFi: PhotoQuestionTexts = {
  role:
    'Autat ihmisiä kertomaan elämäntarinansa. Ihminen katsoo yhtä kuvistaan ja on kertomassa siitä ääneen. '
    + 'Kysy suomeksi yksi lyhyt, lämmin ja avoin kysymys, joka kutsuu hänet kertomaan kuvan takana olevan muiston. '
    + 'Et näe kuvaa: viittaa vain siihen, mitä sen kuvateksti ja päivämäärä kertovat, äläkä mainitse ihmistä, paikkaa tai vuotta, jota ne eivät mainitse. '
    + 'Päivämäärä on kameran tallentama; skannatussa paperikuvassa se voi olla skannauspäivä.',
  caption: (caption) => `Kuvan kuvateksti, ihmisen itsensä kirjoittama: "${caption}"`,
  noCaption: 'Kuvalla ei ole kuvatekstiä.',
  takenOn: (date) => `Kameran tallentama päivämäärä: ${date}`,
};
