// How the screens and the PDF reports write probabilities: one module, free of Node and browser APIs, so both show
// a report's numbers alike.

const percentNumber = (probability: number, decimals: number) =>
  decimals > 0 ? (probability * 100).toFixed(decimals) : String(Math.round(probability * 100));

/** A probability as the percent a reader sees at `decimals`, as a number: to compare numbers as they are shown. */
export const shownPercent = (probability: number, decimals = 0) => Number(percentNumber(probability, decimals));

/**
 * A probability as a reader takes it in: whole percent, and never a flat 0% or 100% for a model's estimate; or, with
 * `decimals`, that many decimals (see `decimalsToKeepOrder`).
 */
export function formatPercent(probability: number, decimals = 0): string {
  if (decimals > 0) return `${percentNumber(probability, decimals)}%`;
  if (probability > 0 && probability < 0.01) return '<1%';
  if (probability < 1 && probability > 0.99) return '>99%';
  return `${Math.round(probability * 100)}%`;
}

/** "78–93%": an interval of probabilities, in whole percents or with `decimals`. */
export const formatPercentRange = (low: number, high: number, decimals = 0) =>
  `${percentNumber(low, decimals)}–${percentNumber(high, decimals)}%`;

/**
 * The fewest decimals (up to 2) at which each value reads, as a percent, on the same side of each reference as it
 * is: an interval's end at 0.987 and a threshold at 0.9895 both read "99%", and "99–100%, which reaches below the
 * 99% threshold" reads as a contradiction; with one decimal they read 98.7% and 98.9%.
 */
export function decimalsToKeepOrder(values: readonly number[], references: readonly number[]): number {
  for (let decimals = 0; decimals < 2; decimals++) {
    const keepsOrder = values.every((value) =>
      references.every(
        (reference) =>
          Math.sign(shownPercent(value, decimals) - shownPercent(reference, decimals)) === Math.sign(value - reference),
      ),
    );
    if (keepsOrder) return decimals;
  }
  return 2;
}

/**
 * The shares of one whole (the probabilities of a distribution's classes) as whole percents that add up to 100 as
 * shown: largest-remainder rounding, so 49.6/48.6/1.8 reads 50/48/2 and never 50/49/2. A share that rounds to 0 or 100
 * without being it reads "<1%" or ">99%", as formatPercent has it.
 */
export function formatPercentShares(shares: readonly number[]): string[] {
  const total = shares.reduce((sum, share) => sum + share, 0);
  if (total <= 0) return shares.map(() => '0%');
  const parts = shares.map((share) => {
    const exact = (share / total) * 100;
    return { share, percent: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  const missing = 100 - parts.reduce((sum, part) => sum + part.percent, 0);
  // Equal remainders go to the larger share first, so the percents keep the shares' order (48.6/49.6 → 48/50).
  const byRemainder = [...parts].sort((a, b) =>
    Math.abs(b.remainder - a.remainder) > 1e-9 ? b.remainder - a.remainder : b.share - a.share,
  );
  for (const part of byRemainder.slice(0, missing)) part.percent += 1;
  return parts.map(({ share, percent }) => {
    if (percent === 0 && share > 0) return '<1%';
    if (percent === 100 && share < total) return '>99%';
    return `${percent}%`;
  });
}
