import { describe, expect, it } from 'vitest';
import { serverLinesMatching } from '../test/support/server-sources.ts';
import { signatureName } from './author-name.ts';

describe('signatureName', () => {
  it('is the author name from Settings, else the first and last name, else none', () => {
    expect(signatureName({ authorName: ' Aino V. ', firstName: 'Aino', lastName: 'Virtanen' })).toBe('Aino V.');
    expect(signatureName({ authorName: '  ', firstName: 'Aino', lastName: 'Virtanen' })).toBe('Aino Virtanen');
    expect(signatureName({ authorName: null, firstName: 'Aino', lastName: null })).toBe('Aino');
    expect(signatureName({ authorName: null, firstName: ' ', lastName: '' })).toBeNull();
  });
});

// Left for the coordinator: folders another helper was moving (use signatureName there).
const PENDING: string[] = [];

it('the server names a person by signatureName only, with no rule of its own', () => {
  expect(serverLinesMatching(/authorName(\?\.trim\(\))?\s*(\?\?|\|\|)\s*\S*firstName/, { except: PENDING })).toEqual([]);
});
