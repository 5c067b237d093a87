import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { tokenKeys } from '@/features/tokens/api/token-balance.queries';
import { sessionKeys } from '@/lib/session';
import { paymentKeys, refreshAfterPayment } from './payments.queries';
import { planKeys } from './plans.queries';

describe('refreshAfterPayment', () => {
  it('marks the balance, plan, plan list, subscription and invoices stale, and nothing else', async () => {
    const queryClient = new QueryClient();
    const touched = [
      tokenKeys.balance(),
      sessionKeys.plan(),
      planKeys.list(),
      paymentKeys.mySubscription(),
      paymentKeys.invoices(),
    ];
    for (const key of [...touched, sessionKeys.user()]) queryClient.setQueryData(key, {});
    await refreshAfterPayment(queryClient);
    for (const key of touched) expect(queryClient.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
    expect(queryClient.getQueryState(sessionKeys.user())?.isInvalidated).toBe(false);
  });
});
