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
/**
 * The winning class must lead the runner-up by this much, chosen out of fold (`npm run train:detectors` reports it):
 * of the texts of 150 words or more, a lead of 0.2 gave 87% a verdict and 17% of those verdicts were wrong; 0.8 gives
 * 40% a verdict and about 5% wrong. A confident wrong "AI-humanized" costs a writer more than a best guess.
 */
export const HUMANIZED_CLEAR_MARGIN = 0.8;

export function humanizedVerdictIsSure(words: number, probabilities: readonly number[]): boolean {
  const [first = 0, second = 0] = [...probabilities].sort((a, b) => b - a);
  return words >= HUMANIZED_SURE_WORDS && first - second >= HUMANIZED_CLEAR_MARGIN;
}

/**
 * The humanized verdict at a sensitivity level, from its three class probabilities (human, AI, AI-humanized): a text
 * is AI-written, disguised or not, when the probability of either reaches the level's threshold for its length, and
 * then whichever of the two is likelier; otherwise human. Under 40 words the line is the 40-word one (the caller's
 * threshold for any length under 40 is), and the verdict a best guess: the likeliest class alone called 11.6 % of a
 * left-out domain's short human texts AI, where the AI Detector gives no verdict at all. `reasons` say why the verdict
 * is uncertain: too short (under 150 words), or too close to call (between the human threshold and the level's).
 */
export function humanizedLabelAt(
  probabilities: readonly number[],
  words: number,
  threshold: number,
  humanThreshold: number,
): { index: 0 | 1 | 2; reasons: ('too_short' | 'near_threshold')[] } {
  const [, ai = 0, disguised = 0] = probabilities;
  const reasons: ('too_short' | 'near_threshold')[] = words < HUMANIZED_SURE_WORDS ? ['too_short'] : [];
  const mass = ai + disguised;
  if (mass >= threshold) return { index: ai >= disguised ? 1 : 2, reasons };
  if (mass >= Math.min(humanThreshold, threshold)) reasons.push('near_threshold');
  return { index: 0, reasons };
}

/**
 * Log-odds that a text is AI-written, disguised or not, from its three class probabilities (human, AI, AI-humanized):
 * what the humanized probability scale reads. Kept finite where one side's probability underflows.
 */
export function aiMassLogOdds(probabilities: readonly number[]): number {
  const [human = 0, ai = 0, disguised = 0] = probabilities;
  return Math.log(Math.max(ai + disguised, 1e-12)) - Math.log(Math.max(human, 1e-12));
}
