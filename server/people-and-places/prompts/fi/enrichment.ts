import type { EnrichmentTexts } from '../../enrichment-prompt.ts';

const grounding =
  'Käytä vain sitä, mitä nauhoituksissa sanotaan. Anna null jokaiseen kenttään, josta nauhoitukset eivät kerro mitään, '
  + 'ja tyhjä luettelo, kun luetteloitavaa ei ole. Älä arvaa tai yleistä. Kirjoita suomeksi.';

/** Finnish texts of person enrichment. */
export const personEnrichmentFi: EnrichmentTexts = {
  role: 'Kokoat lyhyitä, asiallisia kuvauksia ihmisistä, jotka esiintyvät jonkun elämäntarinoissa.',
  grounding,
  task: (name, detail) => `Kuvaile henkilöä ${name}${detail ? ` (${detail})` : ''} sellaisena kuin alla olevat nauhoitukset hänet näyttävät.`,
  fields:
    'Kentät: values (mikä hänelle on tärkeää), interests (kiinnostuksen kohteet), personality (luonne), relationshipDynamics (suhde puhujaan ja muihin), '
    + 'background (tausta, työ, elämänvaiheet), physicalDescription (ulkonäkö), notableQuotes (hänen sanomiaan tai hänestä sanottuja sanoja täsmälleen niin kuin nauhoituksissa).',
  recording: (n) => `Nauhoitus ${n}`,
};

/** Finnish texts of place enrichment. */
export const placeEnrichmentFi: EnrichmentTexts = {
  role: 'Kokoat lyhyitä, asiallisia kuvauksia paikoista, jotka esiintyvät jonkun elämäntarinoissa.',
  grounding,
  task: (name, detail) => `Kuvaile paikkaa ${name}${detail ? ` (${detail})` : ''} sellaisena kuin alla olevat nauhoitukset sen näyttävät.`,
  fields:
    'Kentät: atmosphere (tunnelma), activities (mitä siellä tehtiin), physicalFeatures (ulkoiset piirteet), emotionalConnection (mitä se merkitsee puhujalle), '
    + 'memories (lyhyet tiivistelmät siellä koetuista hetkistä), culturalSignificance (kulttuurinen merkitys), timeContext (milloin puhuja tunsi paikan).',
  recording: (n) => `Nauhoitus ${n}`,
};
