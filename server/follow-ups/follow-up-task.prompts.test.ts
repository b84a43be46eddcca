import { describe, expect, it } from 'vitest';
import { TaskWriter } from '../ai/writer.ts';
import type { FollowUpRequest } from './follow-up-prompt.ts';
import { followUpTask } from './follow-up-task.ts';
import { sentToModel } from '../../test/support/sent-to-model.ts';

// The request the follow-up task sent its model before it moved out of server/ai/ (issue 25):
// the expected values below were recorded from the old prompt builder (StoryWriter's method) and must not change.

const request: FollowUpRequest = {
  stories: [{ title: 'The farm', content: ' We had cows on the farm in Ylöjärvi. ' }, { content: 'Anna milked them.' }],
  language: 'en',
  count: 4,
  existingQuestions: ['What were the cows called?', 'Who was Anna?'],
  sources: ['We had cows on the farm in Ylöjärvi.'],
};
const ask = (r: FollowUpRequest) => sentToModel((generator) => new TaskWriter(generator).run(followUpTask, r));

describe('the follow-up task sends its model what it sent before the move', () => {
  it('English, with a count and questions asked before', async () => {
    expect(await ask(request)).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "questions": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
          },
          "required": [
            "questions",
          ],
          "type": "object",
        },
        "system": "You help people tell their life stories by asking warm, curious follow-up questions, in English.

      Ask 4 short, open follow-up questions that would help the person tell more about the memories below. Each question is one sentence, personal and kind, and about something they mentioned but did not tell in full. Refer only to people, places and events that appear in the memories.",
        "task": "follow_up_questions",
        "temperature": 0.7,
        "user": "Memory 1: The farm:
      """
      We had cows on the farm in Ylöjärvi.
      """

      Memory 2:
      """
      Anna milked them.
      """

      Do not repeat or rephrase these questions, which were already asked:
      - What were the cows called?
      - Who was Anna?",
      }
    `);
  });
  it('Finnish, the default count, nothing asked before', async () => {
    expect(await ask({ ...request, language: 'fi', count: undefined, existingQuestions: undefined })).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "questions": {
              "items": {
                "type": "string",
              },
              "type": "array",
            },
          },
          "required": [
            "questions",
          ],
          "type": "object",
        },
        "system": "Autat ihmisiä kertomaan elämäntarinansa esittämällä lämpimiä ja uteliaita jatkokysymyksiä suomeksi.

      Esitä 3 lyhyttä, avointa jatkokysymystä, jotka auttaisivat ihmistä kertomaan lisää alla olevista muistoista. Jokainen kysymys on yksi lause, henkilökohtainen ja ystävällinen, ja koskee jotain, minkä hän mainitsi mutta ei kertonut kokonaan. Viittaa vain ihmisiin, paikkoihin ja tapahtumiin, jotka esiintyvät muistoissa.",
        "task": "follow_up_questions",
        "temperature": 0.7,
        "user": "Muisto 1: The farm:
      """
      We had cows on the farm in Ylöjärvi.
      """

      Muisto 2:
      """
      Anna milked them.
      """",
      }
    `);
  });
});
