import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';

const statuses: string[] = [];

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), (input) => {
    const path = new URL(input.url).pathname;
    if (path === '/api/payment/v1/payments/checkout-sessions/s-1') {
      // Open on the first ask (the webhook is on its way), completed afterwards.
      const status = statuses.length === 0 ? 'open' : 'completed';
      statuses.push(status);
      return jsonResponse(200, {
        session_id: 's-1',
        status,
        kind: 'plan',
        failure_reason: null,
        plan: null,
        coupon_code: null,
      });
    }
    if (path === '/api/detector/ai-detector/user-token-balance/') {
      return jsonResponse(200, { token_balance: 0, plan_balance: 6_000_000, referral_token_balance: 0 });
    }
    return notFoundResponse();
  });
});

const { PaymentConfirmation } = await import('./payment-confirmation');

describe('PaymentConfirmation with a checkout session to follow', () => {
  it('waits for the provider to confirm, then shows the new balance', async () => {
    await renderWithRouter(() => <PaymentConfirmation outcome="success" sessionId="s-1" />);
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    // Success is only said once the provider has confirmed it.
    expect(screen.queryByText('Your payment has been processed successfully.')).toBeNull();
    expect(
      await screen.findByText('Your payment has been processed successfully.', {}, { timeout: 3_000 }),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('confirmation-balance').textContent).toBe('6M'), {
      timeout: 3_000,
    });
    expect(screen.queryByText('Confirming your payment…')).toBeNull();
    expect(statuses).toEqual(['open', 'completed']);
  });
});
