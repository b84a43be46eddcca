import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_END as E, HIGHLIGHT_START as S, snippetParts } from '../../../contract/search.ts';

describe('snippetParts', () => {
  it('cuts a snippet into plain and marked parts', () => {
    expect(snippetParts(`we rowed on the ${S}lake${E} at dawn, ${S}lakes${E}`)).toEqual([
      { text: 'we rowed on the ', match: false },
      { text: 'lake', match: true },
      { text: ' at dawn, ', match: false },
      { text: 'lakes', match: true },
    ]);
  });

  it('keeps markup as text and drops stray markers', () => {
    expect(snippetParts(`<b>bold</b> ${E}x`)).toEqual([{ text: '<b>bold</b> x', match: false }]);
    expect(snippetParts(`${S}open`)).toEqual([{ text: 'open', match: true }]);
  });
});
