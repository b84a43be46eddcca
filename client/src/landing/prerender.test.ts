import { expect, it } from 'vitest';
import en from '../i18n/locales/en/landing.json';
import fi from '../i18n/locales/fi/landing.json';
import { renderLanding } from './prerender.tsx';

// What the build writes into landing.{en,fi}.html: the page with its words, before any script.
it('renders the landing page in each language with its own words and the way in', () => {
  for (const [language, words] of [['en', en], ['fi', fi]] as const) {
    const html = renderLanding(language);
    expect(html, language).toContain('<h1');
    expect(html, language).toContain(words.signIn.getStarted);
    expect(html, language).toContain('href="/sign-in?mode=create"');
    // No key shown raw where a word is missing.
    expect(html, language).not.toMatch(/>\s*(hero|signIn|pricing|finalCta)\.[\w.]+\s*</);
  }
  expect(renderLanding('fi')).not.toContain(en.signIn.getStarted);
});
