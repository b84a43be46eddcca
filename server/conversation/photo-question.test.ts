import { describe, expect, it } from 'vitest';
import { CONVERSATION_LIMITS } from '../../contract/conversation.ts';
import { buildPhotoQuestionPrompt } from './photo-question-prompt.ts';
import { photoFallbackQuestion } from './photo-question.ts';

describe('the first question about a photo', () => {
  it('tells the writer it cannot see the photo, and gives it only the caption and the day, in the person\'s language', () => {
    const en = buildPhotoQuestionPrompt({ caption: ' Mökki at Koli ', takenOn: '1965-07-12', language: 'en' });
    expect(en.system).toContain('You cannot see the photo');
    expect(en.system).toContain('in English');
    expect(en.user).toBe('The photo\'s caption, written by the person: "Mökki at Koli"\nThe date the camera recorded: 1965-07-12');
    const fi = buildPhotoQuestionPrompt({ caption: '', takenOn: null, language: 'fi' });
    expect(fi.system).toContain('Et näe kuvaa');
    expect(fi.system).toContain('suomeksi');
    expect(fi.user).toBe('Kuvalla ei ole kuvatekstiä.');
  });

  it('Saaga\'s own question quotes a long caption shortened, so it can still be spoken', () => {
    const question = photoFallbackQuestion('en', { caption: 'word '.repeat(200), takenOn: null });
    expect(question.length).toBeLessThanOrEqual(CONVERSATION_LIMITS.questionChars);
    expect(question).toMatch(/^Tell me about this picture, “word word .*…”\. What do you remember of that moment\?$/);
    expect(photoFallbackQuestion('fi', { caption: '', takenOn: '2001-12-03' })).toBe('Kerro tästä kuvasta, otettu 3.12.2001. Mitä muistat siitä hetkestä?');
  });
});
