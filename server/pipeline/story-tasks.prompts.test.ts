import { describe, expect, it } from 'vitest';
import { TaskWriter } from '../ai/writer.ts';
import type { AdditionsRequest, RegenerateRequest, StoryRequest } from './story-prompt.ts';
import { addToStoryTask, regenerateStoryTask, writeStoryTask } from './story-tasks.ts';
import { sentToModel } from '../../test/support/sent-to-model.ts';

// The requests the story tasks sent their model before they moved out of server/ai/ (issue 25):
// the expected values below were recorded from the old prompt builders (StoryWriter's methods) and must not change.

const request: StoryRequest = {
  transcripts: [
    { text: 'We rowed across Näsijärvi in the summer of 1965.', when: 'summer 1965' },
    { text: 'Pekka held the oars.', speaker: 'Pekka' },
    { text: '  My sister Anna laughed the whole way.  ', question: 'Who was in the boat?' },
    'The lake was calm.',
  ],
  language: 'en',
  style: 'intimate_biographical',
  pointOfView: 'third',
  tone: 'nostalgic',
  creativity: 'creative',
  promptQuestion: 'Where did you spend your summers?',
  authorName: 'Aino',
  knownPeople: ['Anna Virtanen', 'Pekka'],
  knownPlaces: ['Näsijärvi'],
};
const plain: StoryRequest = { transcripts: ['I grew up near Tampere.'], language: 'en' };
const regenerate: RegenerateRequest = { ...request, previous: { title: 'The lake', content: 'We rowed.\n\nIt was calm.  ' }, instructions: ' Shorter, please ' };
const additions: AdditionsRequest = {
  ...request,
  fixed: { title: 'My lake', content: 'We rowed across the lake.\n\nPekka held the oars.' },
  newTranscripts: [2, 3],
};

const story = (r: StoryRequest) => sentToModel((generator) => new TaskWriter(generator).run(writeStoryTask, r));
const rewrite = (r: RegenerateRequest) => sentToModel((generator) => new TaskWriter(generator).run(regenerateStoryTask, r));
const add = (r: AdditionsRequest) => sentToModel((generator) => new TaskWriter(generator).run(addToStoryTask, r));

describe('the story tasks send their model what they sent before the move', () => {
  it('write a story, English, every option', async () => {
    expect(await story(request)).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "content": {
              "type": "string",
            },
            "dates": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "locations": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "people": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "storyType": {
              "enum": [
                "challenge",
                "travel",
                "childhood",
                "relationship",
                "other",
                "family",
                "hobby",
                "personal note",
              ],
              "type": "string",
            },
            "title": {
              "type": "string",
            },
          },
          "required": [
            "title",
            "content",
            "people",
            "locations",
            "dates",
            "storyType",
          ],
          "type": "object",
        },
        "system": "You are a skilled ghostwriter who turns spoken memories into written life stories for a family archive.

      Use only what the speaker said in the recordings. Do not invent people, places, dates, events or details. If something is unclear or missing, leave it out rather than guess. Keep names spelled as in the recordings.

      Style: intimate biographical. Write warmly and personally, dwelling on feelings, relationships and what the moments meant.

      Point of view: third person, about the speaker, whose name is Aino.

      Tone: nostalgic, tender and wistful about times gone by.

      Creativity: creative. Restructure freely and add transitions and atmosphere, but no new facts, names, places or dates.

      Write the title and the story in English, even if the recordings are in another language.

      Give the story a short title. Write the story as plain paragraphs separated by blank lines, without headings, lists, Markdown or HTML.

      Also return metadata: "people" lists the people mentioned, by name or as the speaker refers to them (for example "my sister Anna"); "locations" lists the places mentioned; "dates" lists the years, dates and periods mentioned, as said; "storyType" is one of: challenge, travel, childhood, relationship, other, family, hobby, personal note. List only what occurs in the recordings; use empty lists when there is nothing.",
        "task": "story",
        "temperature": 0.9,
        "user": "The speaker was answering this question: Where did you spend your summers?

      People the user keeps in Saaga (spell them like this if they occur): Anna Virtanen, Pekka

      Places the user keeps in Saaga (spell them like this if they occur): Näsijärvi

      Recording 1 (about summer 1965):
      """
      We rowed across Näsijärvi in the summer of 1965.
      """

      Recording 2 (spoken by Pekka):
      """
      Pekka held the oars.
      """

      Recording 3 (answering: Who was in the boat?):
      """
      My sister Anna laughed the whole way.
      """

      Recording 4:
      """
      The lake was calm.
      """",
      }
    `);
  });
  it('write a story, Finnish, every option', async () => {
    expect(await story({ ...request, language: 'fi' })).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "content": {
              "type": "string",
            },
            "dates": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "locations": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "people": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "storyType": {
              "enum": [
                "challenge",
                "travel",
                "childhood",
                "relationship",
                "other",
                "family",
                "hobby",
                "personal note",
              ],
              "type": "string",
            },
            "title": {
              "type": "string",
            },
          },
          "required": [
            "title",
            "content",
            "people",
            "locations",
            "dates",
            "storyType",
          ],
          "type": "object",
        },
        "system": "Olet taitava haamukirjoittaja, joka muuttaa puhutut muistot kirjoitetuiksi elämäntarinoiksi suvun arkistoon.

      Käytä vain sitä, mitä puhuja nauhoituksissa kertoi. Älä keksi ihmisiä, paikkoja, päivämääriä, tapahtumia tai yksityiskohtia. Jos jokin on epäselvää tai puuttuu, jätä se pois äläkä arvaa. Kirjoita nimet niin kuin ne nauhoituksissa esiintyvät.

      Tyyli: lämmin elämäkerrallinen. Kirjoita lämpimästi ja henkilökohtaisesti, viipyen tunteissa, ihmissuhteissa ja siinä, mitä hetket merkitsivät.

      Näkökulma: kolmas persoona, puhujasta, jonka nimi on Aino.

      Sävy: nostalginen, hellä ja haikea menneitä aikoja kohtaan.

      Luovuus: luova. Saat jäsentää vapaasti ja lisätä siirtymiä ja tunnelmaa, mutta et uusia tosiasioita, nimiä, paikkoja tai päivämääriä.

      Kirjoita otsikko ja tarina suomeksi, vaikka nauhoitukset olisivat muulla kielellä.

      Anna tarinalle lyhyt otsikko. Kirjoita tarina tavallisina kappaleina, jotka erotetaan tyhjällä rivillä, ilman väliotsikoita, luetteloita, Markdownia tai HTML:ää.

      Palauta myös metatiedot: "people" luettelee mainitut ihmiset nimeltä tai niin kuin puhuja heihin viittaa (esimerkiksi "siskoni Anna"); "locations" luettelee mainitut paikat; "dates" luettelee mainitut vuodet, päivämäärät ja ajanjaksot niin kuin ne sanottiin; "storyType" on yksi näistä: challenge, travel, childhood, relationship, other, family, hobby, personal note. Luettele vain sitä, mitä nauhoituksissa esiintyy; käytä tyhjiä luetteloita, kun mitään ei ole.",
        "task": "story",
        "temperature": 0.9,
        "user": "Puhuja vastasi tähän kysymykseen: Where did you spend your summers?

      Käyttäjän Saagaan tallentamat ihmiset (kirjoita nimet näin, jos ne esiintyvät): Anna Virtanen, Pekka

      Käyttäjän Saagaan tallentamat paikat (kirjoita nimet näin, jos ne esiintyvät): Näsijärvi

      Nauhoitus 1 (ajalta summer 1965):
      """
      We rowed across Näsijärvi in the summer of 1965.
      """

      Nauhoitus 2 (puhujana Pekka):
      """
      Pekka held the oars.
      """

      Nauhoitus 3 (vastaus kysymykseen: Who was in the boat?):
      """
      My sister Anna laughed the whole way.
      """

      Nauhoitus 4:
      """
      The lake was calm.
      """",
      }
    `);
  });
  it('write a story, the defaults, with an explicit temperature', async () => {
    expect(await story({ ...plain, pointOfView: 'third', temperature: 1.1 })).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "content": {
              "type": "string",
            },
            "dates": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "locations": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "people": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "storyType": {
              "enum": [
                "challenge",
                "travel",
                "childhood",
                "relationship",
                "other",
                "family",
                "hobby",
                "personal note",
              ],
              "type": "string",
            },
            "title": {
              "type": "string",
            },
          },
          "required": [
            "title",
            "content",
            "people",
            "locations",
            "dates",
            "storyType",
          ],
          "type": "object",
        },
        "system": "You are a skilled ghostwriter who turns spoken memories into written life stories for a family archive.

      Use only what the speaker said in the recordings. Do not invent people, places, dates, events or details. If something is unclear or missing, leave it out rather than guess. Keep names spelled as in the recordings.

      Style: choose the writing style that suits this material best.

      Point of view: third person, about the speaker (use "they" unless the recordings make clear how to refer to them).

      Tone: reflective, thoughtful and calm, looking back with understanding.

      Creativity: balanced. Shape the words into readable prose, keeping the speaker's voice and every fact they gave.

      Write the title and the story in English, even if the recordings are in another language.

      Give the story a short title. Write the story as plain paragraphs separated by blank lines, without headings, lists, Markdown or HTML.

      Also return metadata: "people" lists the people mentioned, by name or as the speaker refers to them (for example "my sister Anna"); "locations" lists the places mentioned; "dates" lists the years, dates and periods mentioned, as said; "storyType" is one of: challenge, travel, childhood, relationship, other, family, hobby, personal note. List only what occurs in the recordings; use empty lists when there is nothing.",
        "task": "story",
        "temperature": 1.1,
        "user": "Recording 1:
      """
      I grew up near Tampere.
      """",
      }
    `);
  });
  it('rewrite a story, English and Finnish, with and without wishes', async () => {
    expect(await rewrite(regenerate)).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "content": {
              "type": "string",
            },
            "dates": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "locations": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "people": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "storyType": {
              "enum": [
                "challenge",
                "travel",
                "childhood",
                "relationship",
                "other",
                "family",
                "hobby",
                "personal note",
              ],
              "type": "string",
            },
            "title": {
              "type": "string",
            },
          },
          "required": [
            "title",
            "content",
            "people",
            "locations",
            "dates",
            "storyType",
          ],
          "type": "object",
        },
        "system": "You are a skilled ghostwriter who turns spoken memories into written life stories for a family archive.

      Use only what the speaker said in the recordings. Do not invent people, places, dates, events or details. If something is unclear or missing, leave it out rather than guess. Keep names spelled as in the recordings.

      Style: intimate biographical. Write warmly and personally, dwelling on feelings, relationships and what the moments meant.

      Point of view: third person, about the speaker, whose name is Aino.

      Tone: nostalgic, tender and wistful about times gone by.

      Creativity: creative. Restructure freely and add transitions and atmosphere, but no new facts, names, places or dates.

      Write the title and the story in English, even if the recordings are in another language.

      Give the story a short title. Write the story as plain paragraphs separated by blank lines, without headings, lists, Markdown or HTML.

      Also return metadata: "people" lists the people mentioned, by name or as the speaker refers to them (for example "my sister Anna"); "locations" lists the places mentioned; "dates" lists the years, dates and periods mentioned, as said; "storyType" is one of: challenge, travel, childhood, relationship, other, family, hobby, personal note. List only what occurs in the recordings; use empty lists when there is nothing.",
        "task": "story",
        "temperature": 0.9,
        "user": "Rewrite the story below from the same recordings, following the current settings.

      What the author asked to change: Shorter, please

      The current version of the story:
      """
      The lake

      We rowed.

      It was calm.
      """

      The speaker was answering this question: Where did you spend your summers?

      People the user keeps in Saaga (spell them like this if they occur): Anna Virtanen, Pekka

      Places the user keeps in Saaga (spell them like this if they occur): Näsijärvi

      Recording 1 (about summer 1965):
      """
      We rowed across Näsijärvi in the summer of 1965.
      """

      Recording 2 (spoken by Pekka):
      """
      Pekka held the oars.
      """

      Recording 3 (answering: Who was in the boat?):
      """
      My sister Anna laughed the whole way.
      """

      Recording 4:
      """
      The lake was calm.
      """",
      }
    `);
    expect(await rewrite({ ...regenerate, language: 'fi', instructions: undefined })).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "content": {
              "type": "string",
            },
            "dates": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "locations": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "people": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "storyType": {
              "enum": [
                "challenge",
                "travel",
                "childhood",
                "relationship",
                "other",
                "family",
                "hobby",
                "personal note",
              ],
              "type": "string",
            },
            "title": {
              "type": "string",
            },
          },
          "required": [
            "title",
            "content",
            "people",
            "locations",
            "dates",
            "storyType",
          ],
          "type": "object",
        },
        "system": "Olet taitava haamukirjoittaja, joka muuttaa puhutut muistot kirjoitetuiksi elämäntarinoiksi suvun arkistoon.

      Käytä vain sitä, mitä puhuja nauhoituksissa kertoi. Älä keksi ihmisiä, paikkoja, päivämääriä, tapahtumia tai yksityiskohtia. Jos jokin on epäselvää tai puuttuu, jätä se pois äläkä arvaa. Kirjoita nimet niin kuin ne nauhoituksissa esiintyvät.

      Tyyli: lämmin elämäkerrallinen. Kirjoita lämpimästi ja henkilökohtaisesti, viipyen tunteissa, ihmissuhteissa ja siinä, mitä hetket merkitsivät.

      Näkökulma: kolmas persoona, puhujasta, jonka nimi on Aino.

      Sävy: nostalginen, hellä ja haikea menneitä aikoja kohtaan.

      Luovuus: luova. Saat jäsentää vapaasti ja lisätä siirtymiä ja tunnelmaa, mutta et uusia tosiasioita, nimiä, paikkoja tai päivämääriä.

      Kirjoita otsikko ja tarina suomeksi, vaikka nauhoitukset olisivat muulla kielellä.

      Anna tarinalle lyhyt otsikko. Kirjoita tarina tavallisina kappaleina, jotka erotetaan tyhjällä rivillä, ilman väliotsikoita, luetteloita, Markdownia tai HTML:ää.

      Palauta myös metatiedot: "people" luettelee mainitut ihmiset nimeltä tai niin kuin puhuja heihin viittaa (esimerkiksi "siskoni Anna"); "locations" luettelee mainitut paikat; "dates" luettelee mainitut vuodet, päivämäärät ja ajanjaksot niin kuin ne sanottiin; "storyType" on yksi näistä: challenge, travel, childhood, relationship, other, family, hobby, personal note. Luettele vain sitä, mitä nauhoituksissa esiintyy; käytä tyhjiä luetteloita, kun mitään ei ole.",
        "task": "story",
        "temperature": 0.9,
        "user": "Kirjoita alla oleva tarina uudelleen samoista nauhoituksista nykyisten asetusten mukaisesti.

      Kirjoita uusi versio; älä kopioi lauseita nykyisestä.

      Tarinan nykyinen versio:
      """
      The lake

      We rowed.

      It was calm.
      """

      Puhuja vastasi tähän kysymykseen: Where did you spend your summers?

      Käyttäjän Saagaan tallentamat ihmiset (kirjoita nimet näin, jos ne esiintyvät): Anna Virtanen, Pekka

      Käyttäjän Saagaan tallentamat paikat (kirjoita nimet näin, jos ne esiintyvät): Näsijärvi

      Nauhoitus 1 (ajalta summer 1965):
      """
      We rowed across Näsijärvi in the summer of 1965.
      """

      Nauhoitus 2 (puhujana Pekka):
      """
      Pekka held the oars.
      """

      Nauhoitus 3 (vastaus kysymykseen: Who was in the boat?):
      """
      My sister Anna laughed the whole way.
      """

      Nauhoitus 4:
      """
      The lake was calm.
      """",
      }
    `);
  });
  it('add to a text edited by hand, English and Finnish', async () => {
    expect(await add(additions)).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "dates": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "locations": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "paragraphs": {
              "items": {
                "additionalProperties": false,
                "properties": {
                  "after": {
                    "type": [
                      "number",
                      "null",
                    ],
                  },
                  "text": {
                    "type": "string",
                  },
                },
                "required": [
                  "after",
                  "text",
                ],
                "type": "object",
              },
              "type": "array",
            },
            "people": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "title": {
              "type": "string",
            },
          },
          "required": [
            "title",
            "paragraphs",
            "people",
            "locations",
            "dates",
          ],
          "type": "object",
        },
        "system": "You are a skilled ghostwriter who turns spoken memories into written life stories for a family archive.

      Use only what the speaker said in the recordings. Do not invent people, places, dates, events or details. If something is unclear or missing, leave it out rather than guess. Keep names spelled as in the recordings.

      Style: intimate biographical. Write warmly and personally, dwelling on feelings, relationships and what the moments meant.

      Point of view: third person, about the speaker, whose name is Aino.

      Tone: nostalgic, tender and wistful about times gone by.

      Creativity: creative. Restructure freely and add transitions and atmosphere, but no new facts, names, places or dates.

      Write the title and the story in English, even if the recordings are in another language.

      Give the story a short title. Write the story as plain paragraphs separated by blank lines, without headings, lists, Markdown or HTML.

      Also return metadata: "people" lists the people mentioned, by name or as the speaker refers to them (for example "my sister Anna"); "locations" lists the places mentioned; "dates" lists the years, dates and periods mentioned, as said; "storyType" is one of: challenge, travel, childhood, relationship, other, family, hobby, personal note. List only what occurs in the recordings; use empty lists when there is nothing.",
        "task": "story_additions",
        "temperature": 0.9,
        "user": "The author has written or edited the story below by hand. Their text is FIXED: do not change, shorten, reorder, repeat or rewrite any of it. Your only task is to write NEW paragraphs that add what the new recordings tell and the fixed text does not tell yet, so the story is complete. Match the voice of the fixed text.

      The fixed text (numbered paragraphs, keep as is):
      """
      My lake

      [1] We rowed across the lake.

      [2] Pekka held the oars.
      """

      The speaker was answering this question: Where did you spend your summers?

      People the user keeps in Saaga (spell them like this if they occur): Anna Virtanen, Pekka

      Places the user keeps in Saaga (spell them like this if they occur): Näsijärvi

      Recordings the fixed text already tells:

      Recording 1 (about summer 1965):
      """
      We rowed across Näsijärvi in the summer of 1965.
      """

      Recording 2 (spoken by Pekka):
      """
      Pekka held the oars.
      """

      New recordings to add to the story:

      Recording 1 (answering: Who was in the boat?):
      """
      My sister Anna laughed the whole way.
      """

      Recording 2:
      """
      The lake was calm.
      """

      Return "paragraphs": each new paragraph as "text", with "after" the number of the fixed paragraph it follows (0 to put it before the first one, null to put it at the end). Write only new paragraphs, never a copy of a fixed one; return an empty list when the new recordings tell nothing the fixed text lacks. Return "title": a short title for the whole story. In "people", "locations" and "dates" list only what your new paragraphs mention.",
      }
    `);
    expect(await add({ ...additions, language: 'fi', newTranscripts: [] })).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "dates": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "locations": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "paragraphs": {
              "items": {
                "additionalProperties": false,
                "properties": {
                  "after": {
                    "type": [
                      "number",
                      "null",
                    ],
                  },
                  "text": {
                    "type": "string",
                  },
                },
                "required": [
                  "after",
                  "text",
                ],
                "type": "object",
              },
              "type": "array",
            },
            "people": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
            "title": {
              "type": "string",
            },
          },
          "required": [
            "title",
            "paragraphs",
            "people",
            "locations",
            "dates",
          ],
          "type": "object",
        },
        "system": "Olet taitava haamukirjoittaja, joka muuttaa puhutut muistot kirjoitetuiksi elämäntarinoiksi suvun arkistoon.

      Käytä vain sitä, mitä puhuja nauhoituksissa kertoi. Älä keksi ihmisiä, paikkoja, päivämääriä, tapahtumia tai yksityiskohtia. Jos jokin on epäselvää tai puuttuu, jätä se pois äläkä arvaa. Kirjoita nimet niin kuin ne nauhoituksissa esiintyvät.

      Tyyli: lämmin elämäkerrallinen. Kirjoita lämpimästi ja henkilökohtaisesti, viipyen tunteissa, ihmissuhteissa ja siinä, mitä hetket merkitsivät.

      Näkökulma: kolmas persoona, puhujasta, jonka nimi on Aino.

      Sävy: nostalginen, hellä ja haikea menneitä aikoja kohtaan.

      Luovuus: luova. Saat jäsentää vapaasti ja lisätä siirtymiä ja tunnelmaa, mutta et uusia tosiasioita, nimiä, paikkoja tai päivämääriä.

      Kirjoita otsikko ja tarina suomeksi, vaikka nauhoitukset olisivat muulla kielellä.

      Anna tarinalle lyhyt otsikko. Kirjoita tarina tavallisina kappaleina, jotka erotetaan tyhjällä rivillä, ilman väliotsikoita, luetteloita, Markdownia tai HTML:ää.

      Palauta myös metatiedot: "people" luettelee mainitut ihmiset nimeltä tai niin kuin puhuja heihin viittaa (esimerkiksi "siskoni Anna"); "locations" luettelee mainitut paikat; "dates" luettelee mainitut vuodet, päivämäärät ja ajanjaksot niin kuin ne sanottiin; "storyType" on yksi näistä: challenge, travel, childhood, relationship, other, family, hobby, personal note. Luettele vain sitä, mitä nauhoituksissa esiintyy; käytä tyhjiä luetteloita, kun mitään ei ole.",
        "task": "story_additions",
        "temperature": 0.9,
        "user": "Kirjoittaja on kirjoittanut tai muokannut alla olevan tarinan itse. Hänen tekstinsä on LUKITTU: älä muuta, lyhennä, järjestä uudelleen, toista tai kirjoita uudelleen mitään siitä. Ainoa tehtäväsi on kirjoittaa UUSIA kappaleita, jotka lisäävät sen, mitä uudet nauhoitukset kertovat ja lukittu teksti ei vielä kerro. Kirjoita lukitun tekstin äänellä.

      Lukittu teksti (numeroidut kappaleet, pidä ennallaan):
      """
      My lake

      [1] We rowed across the lake.

      [2] Pekka held the oars.
      """

      Puhuja vastasi tähän kysymykseen: Where did you spend your summers?

      Käyttäjän Saagaan tallentamat ihmiset (kirjoita nimet näin, jos ne esiintyvät): Anna Virtanen, Pekka

      Käyttäjän Saagaan tallentamat paikat (kirjoita nimet näin, jos ne esiintyvät): Näsijärvi

      Nauhoitukset, jotka lukittu teksti jo kertoo:

      Nauhoitus 1 (ajalta summer 1965):
      """
      We rowed across Näsijärvi in the summer of 1965.
      """

      Nauhoitus 2 (puhujana Pekka):
      """
      Pekka held the oars.
      """

      Nauhoitus 3 (vastaus kysymykseen: Who was in the boat?):
      """
      My sister Anna laughed the whole way.
      """

      Nauhoitus 4:
      """
      The lake was calm.
      """

      Uudet nauhoitukset, jotka lisätään tarinaan:

      Nauhoitus 1 (ajalta summer 1965):
      """
      We rowed across Näsijärvi in the summer of 1965.
      """

      Nauhoitus 2 (puhujana Pekka):
      """
      Pekka held the oars.
      """

      Nauhoitus 3 (vastaus kysymykseen: Who was in the boat?):
      """
      My sister Anna laughed the whole way.
      """

      Nauhoitus 4:
      """
      The lake was calm.
      """

      Palauta "paragraphs": jokainen uusi kappale kenttään "text" ja kenttään "after" sen lukitun kappaleen numero, jonka perään se tulee (0 ennen ensimmäistä, null loppuun). Kirjoita vain uusia kappaleita, älä koskaan kopioi lukittua; palauta tyhjä lista, jos uudet nauhoitukset eivät kerro mitään, mitä lukitusta tekstistä puuttuu. Palauta "title": lyhyt otsikko koko tarinalle. Listaa kenttiin "people", "locations" ja "dates" vain se, mitä uudet kappaleesi mainitsevat.",
      }
    `);
  });
});
