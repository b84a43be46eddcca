import { expect, it } from 'vitest';
import { letter } from './letter.ts';
import { welcomeMessage } from './welcome-message.ts';

it('greets by name, puts a blank line between paragraphs and signs as Saaga', () => {
  expect(letter('en', 'Aino', 'Subject', ['One.', 'Two,\nstill two.']).text).toBe('Hi Aino,\n\nOne.\n\nTwo,\nstill two.\n\nWarm regards,\nSaaga');
  expect(letter('fi', null, 'Aihe', ['Yksi.']).text).toBe('Hei,\n\nYksi.\n\nTerveisin,\nSaaga');
});

it('keeps a message\'s own sign-off and leaves out an address the server does not know', () => {
  const text = welcomeMessage('fi', 'Aino', null).text;
  expect(text.endsWith('\n\nLämpimin terveisin,\nSaaga')).toBe(true);
  expect(text).not.toContain('\n\n\n');
  expect(welcomeMessage('en', null, 'https://saaga.example').text).toContain('\n\nhttps://saaga.example\n\nWarm regards,');
});
