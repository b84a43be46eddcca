import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

// The Finnish word for a recording is "nauhoitus" (verb "nauhoittaa"), everywhere: never
// "äänitys"/"äänite" or "tallenne" in any inflection. "Tallentaa" (to save) stays where it
// means saving; its passive and participle forms also begin with "tallenne", so those are
// listed, each a form of saving, not of a recording.
const SAVING = new Set(['tallennetaan', 'tallennettu', 'tallenneta', 'tallennettiin', 'tallennettava', 'tallennettavaksi', 'tallennetaanko']);

const root = join(import.meta.dirname, '..', '..', '..');
const sources = [
  ...readdirSync(join(import.meta.dirname, 'locales', 'fi')).map((file) => join('client', 'src', 'i18n', 'locales', 'fi', file)),
  // What the writer is told in Finnish: it writes back in the words it was given.
  ...readdirSync(join(root, 'server', 'ai', 'prompts', 'fi')).map((file) => join('server', 'ai', 'prompts', 'fi', file)),
  // Every e-mail's words (welcome, password reset, verification, a sign-up attempt...).
  ...readdirSync(join(root, 'server', 'email')).filter((file) => file.endsWith('-message.ts')).map((file) => join('server', 'email', file)),
];

/** The words of a text that name a recording otherwise than "nauhoitus". */
function otherRecordingWords(text: string): string[] {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  return words.filter((word) => word.startsWith('äänit') || ((word.startsWith('tallenne') || word.startsWith('tallente')) && !SAVING.has(word)));
}

it('tells the words apart: a recording by any other name, and saving', () => {
  expect(otherRecordingWords('Lisää äänitys. Äänitteissä kerrotaan. Tallenne poistettu, tallenteesi säilyvät.')).toEqual([
    'äänitys',
    'äänitteissä',
    'tallenne',
    'tallenteesi',
  ]);
  expect(otherRecordingWords('Nauhoitus tallennettu. Tallennetaan nauhoitusta…')).toEqual([]);
});

it.each(sources)('%s calls a recording "nauhoitus"', (file) => {
  expect(otherRecordingWords(readFileSync(join(root, file), 'utf8'))).toEqual([]);
});
