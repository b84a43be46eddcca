import { describe, expect, it } from 'vitest';
import { TaskWriter } from '../ai/writer.ts';
import type { AutobiographyChapterRequest, AutobiographyRequest } from './autobiography-prompt.ts';
import { autobiographyChapterTask, autobiographyTask } from './autobiography-tasks.ts';
import { sentToModel } from '../../test/support/sent-to-model.ts';

// The requests the autobiography tasks sent their model before they moved out of server/ai/ (issue 25):
// the expected values below were recorded from the old prompt builders (StoryWriter's methods) and must not change.

const book: AutobiographyRequest = {
  stories: [{ title: 'Farm', content: ' Cows. ', when: '1965' }, { title: 'City', content: 'Trams.' }],
  language: 'en', title: 'My life', style: 'elegant_rhythmic', pointOfView: 'third', tone: 'humorous', authorName: 'Aino',
};
const chapter: AutobiographyChapterRequest = {
  stories: [{ title: 'Järvellä', content: 'Uin Näsijärvessä.', when: '1965' }, { title: 'Kaupunki', content: 'Raitiovaunut.' }],
  language: 'en', bookTitle: 'Elämäni', chapterTitle: 'Lapsuus', chapterNumber: 2, chapterCount: 5,
  previousEnding: ' Edellisen luvun loppu. ', style: 'clear_narrative', pointOfView: 'third', authorName: 'Aino Virtanen',
};
const writeBook = (r: AutobiographyRequest) => sentToModel((generator) => new TaskWriter(generator).run(autobiographyTask, r));
const writeChapter = (r: AutobiographyChapterRequest) => sentToModel((generator) => new TaskWriter(generator).run(autobiographyChapterTask, r));

describe('the autobiography tasks send their model what they sent before the move', () => {
  it('the whole book, English and Finnish', async () => {
    expect(await writeBook(book)).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "content": {
              "type": "string",
            },
            "title": {
              "type": "string",
            },
          },
          "required": [
            "title",
            "content",
          ],
          "type": "object",
        },
        "system": "You are a skilled ghostwriter who weaves a person's life stories into one autobiography.

      Weave the stories below into one continuous autobiography, in chronological order where the stories say when they happened, with smooth transitions between them. Use "## " headings for its parts; otherwise write plain paragraphs separated by blank lines.

      Keep every fact from the stories and add none: no new people, places, dates or events. Write in English.

      Style: elegant and rhythmic. Write literary prose with varied sentence rhythm and imagery drawn only from details the speaker mentioned.

      Point of view: third person, about the speaker, whose name is Aino.

      Tone: humorous, light and warm, finding the gentle comedy in what happened.

      Title it "My life".",
        "task": "autobiography",
        "temperature": 0.7,
        "user": "Story 1: Farm (1965):
      """
      Cows.
      """

      Story 2: City:
      """
      Trams.
      """",
      }
    `);
    expect(await writeBook({ ...book, language: 'fi', title: undefined, pointOfView: 'first', style: undefined, tone: undefined })).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "content": {
              "type": "string",
            },
            "title": {
              "type": "string",
            },
          },
          "required": [
            "title",
            "content",
          ],
          "type": "object",
        },
        "system": "Olet taitava haamukirjoittaja, joka punoo ihmisen elämäntarinat yhdeksi omaelämäkerraksi.

      Puno alla olevat tarinat yhdeksi yhtenäiseksi omaelämäkerraksi aikajärjestyksessä silloin, kun tarinoista käy ilmi, milloin ne tapahtuivat, ja sujuvin siirtymin. Käytä osien otsikoissa "## "-merkintää; muuten kirjoita tavallisia kappaleita tyhjillä riveillä erotettuina.

      Säilytä jokainen tarinoiden tosiasia äläkä lisää uusia: ei uusia ihmisiä, paikkoja, päivämääriä tai tapahtumia. Kirjoita suomeksi.

      Tyyli: valitse kirjoitustyyli, joka sopii tähän aineistoon parhaiten.

      Näkökulma: minämuoto, puhuja kertoo omaa tarinaansa ("minä").

      Sävy: pohdiskeleva, harkitseva ja rauhallinen, ymmärtäväisesti taaksepäin katsova.

      Anna sille sopiva otsikko.",
        "task": "autobiography",
        "temperature": 0.7,
        "user": "Tarina 1: Farm (1965):
      """
      Cows.
      """

      Tarina 2: City:
      """
      Trams.
      """",
      }
    `);
  });
  it('one chapter, English and Finnish', async () => {
    expect(await writeChapter(chapter)).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "content": {
              "type": "string",
            },
            "title": {
              "type": "string",
            },
          },
          "required": [
            "title",
            "content",
          ],
          "type": "object",
        },
        "system": "You are a skilled ghostwriter writing a person's autobiography one chapter at a time from their own life stories.

      Write chapter 2 of 5 of the autobiography "Elämäni" from the stories below: one continuous chapter that follows their order, with smooth transitions, and that reads on naturally from the end of the chapter before when it is given.

      Use only what the stories say: name no person, place, year or date that they do not, and add no events. Write in English.

      Write plain paragraphs separated by blank lines; no headings, lists or HTML. Return the chapter title and its text.

      Style: clear narrative. Tell it as a well-paced story with a beginning, a middle and an end, in simple, clear language.

      Point of view: third person, about the speaker, whose name is Aino Virtanen.

      The chapter's title is "Lapsuus".",
        "task": "autobiography_chapter",
        "temperature": 0.7,
        "user": "The end of the chapter before (do not repeat it):
      """
      Edellisen luvun loppu.
      """

      Story 1: Järvellä (1965):
      """
      Uin Näsijärvessä.
      """

      Story 2: Kaupunki:
      """
      Raitiovaunut.
      """",
      }
    `);
    expect(await writeChapter({ ...chapter, language: 'fi', chapterTitle: undefined, previousEnding: undefined, pointOfView: 'first', style: undefined })).toMatchInlineSnapshot(`
      {
        "schema": {
          "additionalProperties": false,
          "properties": {
            "content": {
              "type": "string",
            },
            "title": {
              "type": "string",
            },
          },
          "required": [
            "title",
            "content",
          ],
          "type": "object",
        },
        "system": "Olet taitava haamukirjoittaja, joka kirjoittaa ihmisen omaelämäkertaa luku kerrallaan hänen omista elämäntarinoistaan.

      Kirjoita omaelämäkerran "Elämäni" luku 2/5 alla olevista tarinoista: yksi yhtenäinen luku, joka etenee tarinoiden järjestyksessä sujuvin siirtymin ja jatkuu luontevasti edellisen luvun lopusta, kun se on annettu.

      Käytä vain sitä, mitä tarinoissa kerrotaan: älä mainitse ihmisiä, paikkoja, vuosia tai päivämääriä, joita niissä ei ole, äläkä lisää tapahtumia. Kirjoita suomeksi.

      Kirjoita tavallisia kappaleita tyhjillä riveillä erotettuina; ei otsikoita, luetteloita eikä HTML:ää. Palauta luvun otsikko ja teksti.

      Tyyli: valitse kirjoitustyyli, joka sopii tähän aineistoon parhaiten.

      Näkökulma: minämuoto, puhuja kertoo omaa tarinaansa ("minä").

      Anna luvulle lyhyt otsikko sen tarinoiden pohjalta.",
        "task": "autobiography_chapter",
        "temperature": 0.7,
        "user": "Tarina 1: Järvellä (1965):
      """
      Uin Näsijärvessä.
      """

      Tarina 2: Kaupunki:
      """
      Raitiovaunut.
      """",
      }
    `);
  });
});
