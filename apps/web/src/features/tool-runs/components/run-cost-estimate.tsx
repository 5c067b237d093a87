import type { ToolId } from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useMemo } from 'react';
import { type RunRefusal, runRefusal, useRunAllowance } from '../api/run-allowance';
import { useToolCoefficient } from '../api/tool-cost';
import type { ToolRunCopy } from '../lib/copy';
import { quoteTokens } from '../lib/cost';

const number = (value: number) => value.toLocaleString('en-US');
const linkClass = 'underline underline-offset-4';

export interface RunQuote {
  words: number;
  /** What the run costs; undefined without words, while the price list loads, or when it could not be read. */
  tokens: number | undefined;
  isPricePending: boolean;
  /** Why the account cannot run it (the plan's word limit, the balance), or null. */
  refusal: RunRefusal | null;
}

/**
 * The words in the editor, what a run of them costs and whether the account allows it, before it starts: the server
 * counts words with the same tokenizer and charges ceil(words × coefficient). Counted from a deferred copy so typing
 * in a long text stays quick.
 */
export function useRunQuote(tool: ToolId, text: string): RunQuote {
  const deferredText = useDeferredValue(text);
  const words = useMemo(() => tokenizeWords(deferredText).length, [deferredText]);
  const { coefficient, isPending } = useToolCoefficient(tool);
  const allowance = useRunAllowance();
  const tokens = words > 0 && coefficient !== undefined ? quoteTokens(words, coefficient) : undefined;
  return {
    words,
    tokens,
    isPricePending: isPending,
    refusal: words > 0 ? runRefusal(words, tokens, allowance) : null,
  };
}

interface RunCostEstimateProps {
  quote: RunQuote;
  copy: ToolRunCopy;
  /** The text is refused for another reason (too long, too little English): no price, no other refusal. */
  textRefused: boolean;
  id: string;
  refusalId: string;
}

/** "1,204 words · costs 1,204 tokens", and under it why the account cannot run it, with where to get more. */
export function RunCostEstimate({ quote, copy, textRefused, id, refusalId }: RunCostEstimateProps) {
  const { words, tokens, refusal } = quote;
  const priced = words > 0 && !textRefused && refusal?.kind !== 'over_plan_limit';
  let cost: string | null = null;
  if (priced && tokens !== undefined) cost = `${number(tokens)} ${tokens === 1 ? 'token' : 'tokens'}`;
  else if (priced && quote.isPricePending) cost = '… tokens';
  return (
    <>
      <p id={id} className="text-muted-foreground text-xs tabular-nums">
        {number(words)} {words === 1 ? 'word' : 'words'}
        {cost && <> · costs {cost}</>}
      </p>
      {refusal && !textRefused && (
        <p id={refusalId} className="font-medium text-destructive text-sm">
          {refusal.kind === 'over_plan_limit' ? (
            <>
              Your plan checks up to {number(refusal.limit)} words per run and this text has {number(words)}. Shorten it
              or{' '}
              <Link to="/pricing" className={linkClass}>
                upgrade your plan
              </Link>
              .
            </>
          ) : (
            <>
              You have {number(refusal.balance)} {refusal.balance === 1 ? 'token' : 'tokens'}: not enough for this{' '}
              {copy.noun}.{' '}
              <Link to="/account" search={{ tab: 'subscription', buyMoreTokens: true }} className={linkClass}>
                Buy tokens
              </Link>{' '}
              or{' '}
              <Link to="/pricing" className={linkClass}>
                upgrade your plan
              </Link>
              .
            </>
          )}
        </p>
      )}
    </>
  );
}
