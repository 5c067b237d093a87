/** A probability as a reader takes it in: whole percent, and never a flat 0% or 100% for a model's estimate. */
export function formatPercent(probability: number): string {
  if (probability > 0 && probability < 0.01) return '<1%';
  if (probability < 1 && probability > 0.99) return '>99%';
  return `${Math.round(probability * 100)}%`;
}

/** "78–93%": an interval of probabilities. */
export const formatPercentRange = (low: number, high: number) => `${Math.round(low * 100)}–${Math.round(high * 100)}%`;
