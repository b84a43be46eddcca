import type { Language } from '../../contract/languages.ts';
import { letter, type Message } from './letter.ts';

/**
 * The e-mail to an account whose address someone tried to sign up with again: sign-up
 * answers the same for a taken address as for a new one, so this is where the owner hears of it.
 * `origin` is the site's address, or null when the server does not know it.
 */
export function signUpAttemptMessage(language: Language, name: string | null, origin: string | null): Message {
  const links = origin ? [`${origin}/sign-in\n${origin}/forgot-password`] : [];
  if (language === 'fi') {
    return letter(language, name, 'Saaga-tiliä yritettiin luoda osoitteellasi', [
      'joku yritti luoda Saaga-tilin osoitteellasi, mutta sinulla on jo tili. Jos se olit sinä, kirjaudu sisään tai vaihda salasana, jos et muista sitä:',
      ...links,
      'Jos et yrittänyt luoda tiliä, voit jättää tämän viestin huomiotta: tilisi pysyy ennallaan.',
    ]);
  }
  return letter(language, name, 'Someone tried to create a Saaga account with your address', [
    'Someone tried to create a Saaga account with your address, but you already have one. If it was you, sign in, or reset your password if you do not remember it:',
    ...links,
    'If it was not you, you can ignore this message: your account stays as it is.',
  ]);
}
