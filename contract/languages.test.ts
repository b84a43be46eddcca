import { describe, expect, it } from 'vitest';
import { serverLinesMatching } from '../test/support/server-sources.ts';
import { languageQuery } from './languages.ts';

describe('?language=', () => {
  it('is en or fi when asked, nothing when absent, and English for any other value (spec)', () => {
    expect(languageQuery.parse({ language: 'fi' })).toEqual({ language: 'fi' });
    expect(languageQuery.parse({ language: 'en' })).toEqual({ language: 'en' });
    expect(languageQuery.parse({})).toEqual({ language: undefined });
    expect(languageQuery.parse({ language: 'klingon' })).toEqual({ language: 'en' });
    expect(languageQuery.parse({ language: '' })).toEqual({ language: 'en' });
    expect(languageQuery.parse({ language: ['fi', 'en'] })).toEqual({ language: 'en' });
  });
});

// Left for the coordinator: folders another helper was moving (use languageQuery there).
const PENDING: string[] = [];
// A multipart upload's language fields, not a list's query: an unknown one there means the person's own language.
const UPLOAD_FORM = 'server/recordings/upload-form.ts';

it('no route parses ?language= with a rule of its own', () => {
  expect(serverLinesMatching(/languageSchema(\.optional\(\))?\.catch\(/, { alsoContract: true, except: ['contract/languages.ts', UPLOAD_FORM, ...PENDING] })).toEqual([]);
});
