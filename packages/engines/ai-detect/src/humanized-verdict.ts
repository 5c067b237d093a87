/**
 * When the three-way humanized verdict (human / AI / AI-humanized, this package's `humanized` model) is a confident
 * call rather than a best guess; humanized-detect labels by it and the training evaluation reports it.
 */

/**
 * Under this many words the verdict is a best guess: a short text's class probabilities swing with a single sentence.
 * The rule for the AI detector ("uncertain" rather than a confident wrong answer under 150 words) holds here
 * too; a casual 43-word human note came out "AI, 81%" before it.
 */
export const HUMANIZED_SURE_WORDS = 150;
/** The winning class must lead the runner-up by this much. */
const CLEAR_MARGIN = 0.2;

export function humanizedVerdictIsSure(words: number, probabilities: readonly number[]): boolean {
  const [first = 0, second = 0] = [...probabilities].sort((a, b) => b - a);
  return words >= HUMANIZED_SURE_WORDS && first - second >= CLEAR_MARGIN;
}
