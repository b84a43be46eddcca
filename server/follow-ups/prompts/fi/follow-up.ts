import type { FollowUpTexts } from '../../follow-up-prompt.ts';

/** Finnish texts of follow-up questions. */
export const followUpFi: FollowUpTexts = {
  role: 'Autat ihmisiä kertomaan elämäntarinansa esittämällä lämpimiä ja uteliaita jatkokysymyksiä suomeksi.',
  task: (count) =>
    `Esitä ${count} lyhyttä, avointa jatkokysymystä, jotka auttaisivat ihmistä kertomaan lisää alla olevista muistoista. `
    + 'Jokainen kysymys on yksi lause, henkilökohtainen ja ystävällinen, ja koskee jotain, minkä hän mainitsi mutta ei kertonut kokonaan. '
    + 'Viittaa vain ihmisiin, paikkoihin ja tapahtumiin, jotka esiintyvät muistoissa.',
  avoid: 'Älä toista tai muotoile uudelleen näitä jo esitettyjä kysymyksiä',
  storyHeading: (n, title) => (title ? `Muisto ${n}: ${title}` : `Muisto ${n}`),
};
