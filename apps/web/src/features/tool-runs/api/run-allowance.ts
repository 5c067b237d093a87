import { useQuery } from '@tanstack/react-query';
import { useTokenBalance } from '@/features/tokens/api/token-balance.queries';
import { totalTokens } from '@/lib/format';
import { myPlanQueryOptions } from '@/lib/session';

/** What the account allows one run: its plan's words per run and its tokens. */
export interface RunAllowance {
  /** Null when the plan sets no limit, or its plan is not known. */
  maxWordsPerRun: number | null;
  /** Undefined while the balance loads or when it could not be read. */
  balance: number | 'unlimited' | undefined;
}

/** Why a run of `words` costing `tokens` cannot start on this account, the way the server would refuse it. */
export type RunRefusal = { kind: 'over_plan_limit'; limit: number } | { kind: 'over_balance'; balance: number };

/**
 * The plan and the balance as the app shell already loads them (the session guard and the header), so the editor
 * can say before a run starts that it cannot. The server checks both again when the run starts.
 */
export function useRunAllowance(): RunAllowance {
  const plan = useQuery(myPlanQueryOptions());
  const balance = useTokenBalance();
  return {
    maxWordsPerRun: plan.data?.status === 'ok' ? plan.data.myPlan.plan.limits.max_words_per_run : null,
    balance: balance.data ? totalTokens(balance.data) : undefined,
  };
}

/** The server's order: the plan's word limit first, then the balance; null when the run can start. */
export function runRefusal(words: number, tokens: number | undefined, allowance: RunAllowance): RunRefusal | null {
  const { maxWordsPerRun: limit, balance } = allowance;
  if (limit !== null && words > limit) return { kind: 'over_plan_limit', limit };
  if (tokens !== undefined && typeof balance === 'number' && tokens > balance) return { kind: 'over_balance', balance };
  return null;
}
