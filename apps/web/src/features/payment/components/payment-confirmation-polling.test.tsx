import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';

const statuses: string[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/api-client')>();
  const api = actual.createApiClients({
    bases: {
      auth: 'http://t/api/auth/',
      payment: 'http://t/api/payment/',
      detector: 'http://t/api/detector/',
      governance: 'http://t/api/governance/',
      api: 'http://t/api/public/',
    },
    fetch: (async (input: Request) => {
      const path = new URL(input.url).pathname;
      if (path === '/api/payment/v1/payments/checkout-sessions/s-1') {
        // Open on the first ask (the webhook is on its way), completed afterwards.
        const status = statuses.length === 0 ? 'open' : 'completed';
        statuses.push(status);
        return json(200, { session_id: 's-1', status, kind: 'plan', failure_reason: null });
      }
      if (path === '/api/detector/ai-detector/user-token-balance/') {
        return json(200, { token_balance: 0, plan_balance: 6_000_000, referral_token_balance: 0 });
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    }) as unknown as typeof fetch,
    readCookie: () => undefined,
  });
  return { ...actual, api };
});

const { PaymentConfirmation } = await import('./payment-confirmation');

describe('PaymentConfirmation with a checkout session to follow', () => {
  it('waits for the provider to confirm, then shows the new balance', async () => {
    await renderWithRouter(() => <PaymentConfirmation outcome="success" sessionId="s-1" />);
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(screen.getByText('Your payment has been processed successfully.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('confirmation-balance').textContent).toBe('6M'), {
      timeout: 3_000,
    });
    expect(screen.queryByText('Confirming your payment…')).toBeNull();
    expect(statuses).toEqual(['open', 'completed']);
  });
});
