/**
 * Tokens a run of `units` costs at `coefficient` tokens per unit: the server's costOf (ledger.ts), rounded the same
 * way so the screen shows exactly what will be charged.
 */
export function quoteTokens(units: number, coefficient: number): number {
  return Math.ceil(Number((units * coefficient).toFixed(6)));
}
