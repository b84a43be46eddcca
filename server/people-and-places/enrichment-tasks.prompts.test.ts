import { describe, expect, it } from 'vitest';
import { TaskWriter } from '../ai/writer.ts';
import type { PersonEnrichmentRequest, PlaceEnrichmentRequest } from './enrichment-prompt.ts';
import { enrichPersonTask, enrichPlaceTask } from './enrichment-tasks.ts';
import { sentToModel } from '../../test/support/sent-to-model.ts';

// The requests the enrichment tasks sent their model before they moved out of server/ai/ (issue 25):
// the expected values below were recorded from the old prompt builders (StoryWriter's methods) and must not change.

const person: PersonEnrichmentRequest = {
  name: 'Anna', relationship: 'sister', characterization: 'always laughing', transcripts: [' Anna laughed. ', 'Anna rowed.'], language: 'en',
};
const place: PlaceEnrichmentRequest = { name: 'Näsijärvi', type: 'lake', description: null, transcripts: ['We swam in Näsijärvi.'], language: 'en' };
const enrichPerson = (r: PersonEnrichmentRequest) => sentToModel((generator) => new TaskWriter(generator).run(enrichPersonTask, r));
const enrichPlace = (r: PlaceEnrichmentRequest) => sentToModel((generator) => new TaskWriter(generator).run(enrichPlaceTask, r));

describe('the enrichment tasks send their model what they sent before the move', () => {
  it('a person, English and Finnish', async () => {
    expect(await enrichPerson(person)).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "background": {
              "type": [
                "string",
                "null",
              ],
            },
            "interests": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "notableQuotes": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "personality": {
              "type": [
                "string",
                "null",
              ],
            },
            "physicalDescription": {
              "type": [
                "string",
                "null",
              ],
            },
            "relationshipDynamics": {
              "type": [
                "string",
                "null",
              ],
            },
            "values": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
          },
          "required": [
            "values",
            "interests",
            "personality",
            "relationshipDynamics",
            "background",
            "physicalDescription",
            "notableQuotes",
          ],
          "type": "object",
        },
        "system": "You build short, factual profiles of the people in someone's life stories.

      Use only what the recordings say. Give null for every field the recordings say nothing about, and an empty list when there is nothing to list. Do not guess or generalise. Write in English.

      Fields: values (what they care about), interests, personality, relationshipDynamics (how they relate to the speaker and others), background (origins, work, life events), physicalDescription, notableQuotes (words said by or about them, quoted exactly as in the recordings).",
        "task": "person_enrichment",
        "temperature": 0.3,
        "user": "Describe Anna (sister, always laughing) as the recordings below reveal them.

      Recording 1:
      """
      Anna laughed.
      """

      Recording 2:
      """
      Anna rowed.
      """",
      }
    `);
    expect(await enrichPerson({ ...person, language: 'fi', relationship: null })).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "background": {
              "type": [
                "string",
                "null",
              ],
            },
            "interests": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "notableQuotes": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "personality": {
              "type": [
                "string",
                "null",
              ],
            },
            "physicalDescription": {
              "type": [
                "string",
                "null",
              ],
            },
            "relationshipDynamics": {
              "type": [
                "string",
                "null",
              ],
            },
            "values": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
          },
          "required": [
            "values",
            "interests",
            "personality",
            "relationshipDynamics",
            "background",
            "physicalDescription",
            "notableQuotes",
          ],
          "type": "object",
        },
        "system": "Kokoat lyhyitä, asiallisia kuvauksia ihmisistä, jotka esiintyvät jonkun elämäntarinoissa.

      Käytä vain sitä, mitä nauhoituksissa sanotaan. Anna null jokaiseen kenttään, josta nauhoitukset eivät kerro mitään, ja tyhjä luettelo, kun luetteloitavaa ei ole. Älä arvaa tai yleistä. Kirjoita suomeksi.

      Kentät: values (mikä hänelle on tärkeää), interests (kiinnostuksen kohteet), personality (luonne), relationshipDynamics (suhde puhujaan ja muihin), background (tausta, työ, elämänvaiheet), physicalDescription (ulkonäkö), notableQuotes (hänen sanomiaan tai hänestä sanottuja sanoja täsmälleen niin kuin nauhoituksissa).",
        "task": "person_enrichment",
        "temperature": 0.3,
        "user": "Kuvaile henkilöä Anna (always laughing) sellaisena kuin alla olevat nauhoitukset hänet näyttävät.

      Nauhoitus 1:
      """
      Anna laughed.
      """

      Nauhoitus 2:
      """
      Anna rowed.
      """",
      }
    `);
  });
  it('a place, English and Finnish', async () => {
    expect(await enrichPlace(place)).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "activities": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "atmosphere": {
              "type": [
                "string",
                "null",
              ],
            },
            "culturalSignificance": {
              "type": [
                "string",
                "null",
              ],
            },
            "emotionalConnection": {
              "type": [
                "string",
                "null",
              ],
            },
            "memories": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "physicalFeatures": {
              "type": [
                "string",
                "null",
              ],
            },
            "timeContext": {
              "type": [
                "string",
                "null",
              ],
            },
          },
          "required": [
            "atmosphere",
            "activities",
            "physicalFeatures",
            "emotionalConnection",
            "memories",
            "culturalSignificance",
            "timeContext",
          ],
          "type": "object",
        },
        "system": "You build short, factual profiles of the places in someone's life stories.

      Use only what the recordings say. Give null for every field the recordings say nothing about, and an empty list when there is nothing to list. Do not guess or generalise. Write in English.

      Fields: atmosphere, activities (what people did there), physicalFeatures, emotionalConnection (what it means to the speaker), memories (short summaries of the moments told about it), culturalSignificance, timeContext (when the speaker knew it).",
        "task": "place_enrichment",
        "temperature": 0.3,
        "user": "Describe Näsijärvi (lake) as the recordings below reveal it.

      Recording 1:
      """
      We swam in Näsijärvi.
      """",
      }
    `);
    expect(await enrichPlace({ ...place, language: 'fi', type: null })).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "activities": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "atmosphere": {
              "type": [
                "string",
                "null",
              ],
            },
            "culturalSignificance": {
              "type": [
                "string",
                "null",
              ],
            },
            "emotionalConnection": {
              "type": [
                "string",
                "null",
              ],
            },
            "memories": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "physicalFeatures": {
              "type": [
                "string",
                "null",
              ],
            },
            "timeContext": {
              "type": [
                "string",
                "null",
              ],
            },
          },
          "required": [
            "atmosphere",
            "activities",
            "physicalFeatures",
            "emotionalConnection",
            "memories",
            "culturalSignificance",
            "timeContext",
          ],
          "type": "object",
        },
        "system": "Kokoat lyhyitä, asiallisia kuvauksia paikoista, jotka esiintyvät jonkun elämäntarinoissa.

      Käytä vain sitä, mitä nauhoituksissa sanotaan. Anna null jokaiseen kenttään, josta nauhoitukset eivät kerro mitään, ja tyhjä luettelo, kun luetteloitavaa ei ole. Älä arvaa tai yleistä. Kirjoita suomeksi.

      Kentät: atmosphere (tunnelma), activities (mitä siellä tehtiin), physicalFeatures (ulkoiset piirteet), emotionalConnection (mitä se merkitsee puhujalle), memories (lyhyet tiivistelmät siellä koetuista hetkistä), culturalSignificance (kulttuurinen merkitys), timeContext (milloin puhuja tunsi paikan).",
        "task": "place_enrichment",
        "temperature": 0.3,
        "user": "Kuvaile paikkaa Näsijärvi sellaisena kuin alla olevat nauhoitukset sen näyttävät.

      Nauhoitus 1:
      """
      We swam in Näsijärvi.
      """",
      }
    `);
  });
});
