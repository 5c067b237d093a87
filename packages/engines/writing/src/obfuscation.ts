import { z } from 'zod';
import type { CanonicalText } from './canonical-text.js';

// The part of a detector's report that says what the canonical reading undid. Light (no confusables table), so the
// screens, the PDFs and the contracts can import it.

/**
 * Tricks that hide text from detectors, found in the submitted text and undone before scoring: invisible characters
 * inside or beside words, and letters of other alphabets (or styled forms) standing in for Latin ones. Absent when
 * there were none. People rarely type either; their presence says someone tried to get past a detector.
 */
export const obfuscationSchema = z.object({
  hidden_characters: z.number().int().nonnegative(),
  look_alike_letters: z.number().int().nonnegative(),
});
export type Obfuscation = z.infer<typeof obfuscationSchema>;

/** What the screens, the PDF and the copied summary say about an `obfuscation` entry. */
export function describeObfuscation({ hidden_characters, look_alike_letters }: Obfuscation): string {
  const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  const found = [
    hidden_characters > 0 && count(hidden_characters, 'invisible character', 'invisible characters'),
    look_alike_letters > 0 &&
      count(
        look_alike_letters,
        'letter from another alphabet that looks like a Latin one',
        'letters from other alphabets that look like Latin ones',
      ),
  ].filter(Boolean);
  return (
    `This text holds ${found.join(' and ')}. People rarely type these; they are a known trick to get past AI ` +
    'detectors and plagiarism checkers. They were read past: the result is for the text as a reader sees it.'
  );
}

/** The report's `obfuscation` entry, present only when the text held hidden characters or look-alike letters. */
export function obfuscationOf(canonical: Pick<CanonicalText, 'hiddenCharacters' | 'lookAlikeLetters'>): {
  obfuscation?: Obfuscation;
} {
  const { hiddenCharacters, lookAlikeLetters } = canonical;
  if (hiddenCharacters === 0 && lookAlikeLetters === 0) return {};
  return { obfuscation: { hidden_characters: hiddenCharacters, look_alike_letters: lookAlikeLetters } };
}
