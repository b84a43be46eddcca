import { expect, it } from 'vitest';
import { paragraphsOf as serverParagraphsOf } from '../../../server/ai/paragraphs.ts';
import { paragraphsOf } from './paragraphs.ts';

// The server numbers a story's paragraphs for their spans; the page must number them alike,
// or "hear it" plays another paragraph's words.
it.each([
  'One.',
  'One\nstill one\n\nTwo\n \n\n\nThree',
  '\n\n  Leading blank lines.\n\nAnd trailing ones.\n\n\n',
  'Windows\r\n\r\nline ends\r\n\r\n',
  'Tabs\n\t\nbetween\n \t \nparagraphs',
  'Kesällä soudimme.\n\nIsä korjasi veneen.\n\n\n\nIllalla saunottiin.',
  '',
  '   \n\n  ',
])('numbers the paragraphs of %j as the server does', (content) => {
  expect(paragraphsOf(content).map((paragraph) => paragraph.trim())).toEqual(serverParagraphsOf(content));
});
