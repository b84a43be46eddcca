import { DATE_LOCALES, toLanguage } from '../../../contract/language-codes.ts';
import { FREE_PLAN_WORDS_PER_MONTH } from '../../../contract/plans.ts';

/** The two plans as the spec states them (9.1); limits are shown, not enforced. */
export const PLANS = {
  free: { monthlyPriceEur: 0, wordsPerMonth: FREE_PLAN_WORDS_PER_MONTH },
  premium: { monthlyPriceEur: 9.99, wordsPerMonth: null },
} as const;

/** A euro price in the language's own way: "€9.99" / "9,99 €", whole amounts without decimals ("€0" / "0 €"). */
export function formatEuroPrice(amount: number, language: string): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat(DATE_LOCALES[toLanguage(language)], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

/** A word count with the language's digit grouping ("5,000" / "5 000"). */
export function formatWordCount(count: number, language: string): string {
  return new Intl.NumberFormat(DATE_LOCALES[toLanguage(language)]).format(count);
}
