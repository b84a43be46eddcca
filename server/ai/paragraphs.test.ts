import { describe, expect, it } from 'vitest';
import { insertParagraphs, paragraphsOf } from './paragraphs.ts';

const MINE = '  My first line,\nwith a break.\n\n\nSecond one.   \n \nThird.\n';

describe('new paragraphs in a text the person wrote', () => {
  it('numbers the paragraphs as written', () => {
    expect(paragraphsOf(MINE)).toEqual(['My first line,\nwith a break.', 'Second one.', 'Third.']);
    expect(paragraphsOf('')).toEqual([]);
  });

  it('puts each new paragraph in its place and leaves every byte of the text', () => {
    const text = insertParagraphs(MINE, [
      { after: 1, text: 'NEW A' },
      { after: null, text: 'NEW END' },
      { after: 0, text: 'NEW START' },
      { after: 1, text: 'NEW B' },
      { after: 99, text: 'NEW LAST' },
    ]);
    expect(paragraphsOf(text)).toEqual([
      'NEW START', 'My first line,\nwith a break.', 'NEW A', 'NEW B', 'Second one.', 'Third.', 'NEW END', 'NEW LAST',
    ]);
    const removed = ['NEW START\n\n', '\n\nNEW A', '\n\nNEW B', '\n\nNEW END', '\n\nNEW LAST'].reduce((t, p) => t.replace(p, ''), text);
    expect(removed).toBe(MINE);
  });

  it('an empty text becomes the new paragraphs', () => {
    expect(insertParagraphs('', [{ after: 3, text: 'One.' }, { after: null, text: 'Two.' }])).toBe('One.\n\nTwo.');
  });
});
