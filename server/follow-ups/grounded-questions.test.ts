import { describe, expect, it } from 'vitest';
import { groundedQuestions, newQuestions } from './grounded-questions.ts';

const STORY = 'Every summer we rowed across Näsijärvi with my uncle Pekka. In 1962 the old boat finally sank near Tampere.';

describe('groundedQuestions', () => {
  it('keeps questions whose names and years the story mentions, inflected too', () => {
    const asked = [
      'What did Pekka teach you about rowing?',
      'How did you feel when the boat sank in 1962?',
      'Mitä muistat Tampereella vietetyistä kesistä?',
      'Who else came along on those summer mornings?',
    ];
    expect(groundedQuestions(asked, [STORY])).toEqual(asked);
  });

  it('drops a question naming a person, place or year nobody mentioned', () => {
    expect(
      groundedQuestions(
        ['What did your sister Anna think of Pekka?', 'Did you ever row to Helsinki?', 'What happened in 1975?', 'Why was the boat so old?'],
        [STORY],
      ),
    ).toEqual(['Why was the boat so old?']);
  });

  it('reads a capital at the start of a sentence as no name', () => {
    expect(groundedQuestions(['Tell me more. Where did you row?', 'I wonder: Why?'], [STORY])).toEqual(['Tell me more. Where did you row?', 'I wonder: Why?']);
  });
});

describe('newQuestions', () => {
  it('drops blanks, repeats and questions asked before, whatever their case or spacing', () => {
    expect(newQuestions(['  Tell me more. Where did you row?', '', 'tell me more.  Where did you row?', 'I wonder: Why?', 'Who rowed?'], ['WHO  rowed? '])).toEqual([
      'Tell me more. Where did you row?',
      'I wonder: Why?',
    ]);
  });
});
