import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';

const replies: Record<string, () => Response> = {};

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), (input) => {
    const reply = replies[`${input.method} ${new URL(input.url).pathname}`];
    return reply ? reply() : notFoundResponse();
  });
});

const { BuyTokensCard } = await import('./buy-tokens-card');

beforeEach(() => {
  for (const key of Object.keys(replies)) delete replies[key];
});

// Money on the payment screens always shows its cents, as the checkout page and receipts do (money.ts).
describe('BuyTokensCard', () => {
  it('shows whole-dollar token packets with their cents, as checkout does', async () => {
    replies['GET /api/payment/v1/token-packets/'] = () =>
      jsonResponse(200, {
        items: [
          { id: 'k1', slug: 'tokens-50k', name: '50K tokens', tokens: 50_000, price_cents: 900, currency: 'usd' },
          { id: 'k2', slug: 'tokens-200k', name: '200K tokens', tokens: 200_000, price_cents: 2_950, currency: 'usd' },
        ],
      });
    await renderWithRouter(() => <BuyTokensCard spotlight={false} />);
    const packets = await screen.findByRole('list', { name: 'Token packets' });
    expect(within(packets).getByText('$9.00')).toBeTruthy();
    expect(within(packets).getByText('$29.50')).toBeTruthy();
    expect(within(packets).queryByText('$9')).toBeNull();
  });
});
