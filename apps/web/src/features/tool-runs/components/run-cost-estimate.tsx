import type { ToolId } from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { useDeferredValue, useMemo } from 'react';
import { useToolCoefficient } from '../api/tool-cost';
import { quoteTokens } from '../lib/cost';

const number = (value: number) => value.toLocaleString('en-US');

/**
 * The words in the editor and what a run of them costs, before it starts: the server counts words with the same
 * tokenizer and charges ceil(words × coefficient). Counted from a deferred copy so typing in a long text stays quick.
 */
export function RunCostEstimate({ tool, text, id }: { tool: ToolId; text: string; id?: string }) {
  const deferredText = useDeferredValue(text);
  const words = useMemo(() => tokenizeWords(deferredText).length, [deferredText]);
  const { coefficient, isPending } = useToolCoefficient(tool);
  let cost: string | null = null;
  if (words > 0 && coefficient !== undefined) {
    const tokens = quoteTokens(words, coefficient);
    cost = `${number(tokens)} ${tokens === 1 ? 'token' : 'tokens'}`;
  } else if (words > 0 && isPending) {
    cost = '… tokens';
  }
  return (
    <p id={id} className="text-muted-foreground text-xs tabular-nums">
      {number(words)} {words === 1 ? 'word' : 'words'}
      {cost && <> · costs {cost}</>}
    </p>
  );
}
