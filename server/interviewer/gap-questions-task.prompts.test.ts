import { describe, expect, it } from 'vitest';
import { TaskWriter } from '../ai/writer.ts';
import type { GapQuestionsRequest } from './gap-questions-prompt.ts';
import { gapQuestionsTask } from './gap-questions-task.ts';
import { sentToModel } from '../../test/support/sent-to-model.ts';

// The request the gap-questions task sent its model before it moved out of server/ai/ (issue 25):
// the expected values below were recorded from the old prompt builder (StoryWriter's method) and must not change.

const request: GapQuestionsRequest = {
  gaps: [
    { key: 'decade:1970', kind: 'decade', decade: 1970 },
    { key: 'person:4', kind: 'person', name: 'Pekka', detail: 'brother' },
    { key: 'place:9', kind: 'place', name: 'Näsijärvi', detail: null },
  ],
  known: { decades: [1950, 1960], titles: ['The farm', 'Moving to Tampere'] },
  language: 'en',
};
const ask = (r: GapQuestionsRequest) => sentToModel((generator) => new TaskWriter(generator).run(gapQuestionsTask, r));

describe('the gap-questions task sends its model what it sent before the move', () => {
  it('English, with what is known', async () => {
    expect(await ask(request)).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "questions": {
              "items": {
                "additionalProperties": false,
                "properties": {
                  "key": {
                    "type": "string",
                  },
                  "question": {
                    "type": "string",
                  },
                },
                "required": [
                  "key",
                  "question",
                ],
                "type": "object",
              },
              "type": "array",
            },
          },
          "required": [
            "questions",
          ],
          "type": "object",
        },
        "system": "You are a warm, curious interviewer who helps a person tell their life story, in English.

      Below are parts of the person's life they have not told any stories about yet. For each one, write one short, open question (one sentence) that invites a specific memory. Answer with the same key for each question. Name only the decade, person or place of that line; do not invent names, places, years or events.",
        "task": "gap_questions",
        "temperature": 0.7,
        "user": "Decades they have already told stories about: 1950s, 1960s

      Some of their stories:
      - The farm
      - Moving to Tampere

      Parts of their life with no stories yet:
      - decade:1970: the 1970s
      - person:4: the person Pekka (brother)
      - place:9: the place Näsijärvi",
      }
    `);
  });
  it('Finnish, nothing known yet', async () => {
    expect(await ask({ ...request, language: 'fi', known: { decades: [], titles: [] } })).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "questions": {
              "items": {
                "additionalProperties": false,
                "properties": {
                  "key": {
                    "type": "string",
                  },
                  "question": {
                    "type": "string",
                  },
                },
                "required": [
                  "key",
                  "question",
                ],
                "type": "object",
              },
              "type": "array",
            },
          },
          "required": [
            "questions",
          ],
          "type": "object",
        },
        "system": "Olet lämmin ja utelias haastattelija, joka auttaa ihmistä kertomaan elämäntarinansa suomeksi.

      Alla on elämän osia, joista ihminen ei ole vielä kertonut yhtään tarinaa. Kirjoita kustakin yksi lyhyt, avoin kysymys (yksi lause), joka houkuttelee kertomaan tietyn muiston. Vastaa jokaiseen kysymykseen samalla avaimella. Mainitse vain kyseisen rivin vuosikymmen, ihminen tai paikka; älä keksi nimiä, paikkoja, vuosia tai tapahtumia.",
        "task": "gap_questions",
        "temperature": 0.7,
        "user": "Elämän osat, joista ei ole vielä tarinoita:
      - decade:1970: 1970-luku
      - person:4: ihminen Pekka (brother)
      - place:9: paikka Näsijärvi",
      }
    `);
  });
});
