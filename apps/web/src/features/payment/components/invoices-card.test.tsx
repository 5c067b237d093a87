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

const { InvoicesCard } = await import('./invoices-card');

const invoice = (overrides: Record<string, unknown>) => ({
  id: 'i1',
  number: 'INV-000001',
  description: '50K tokens',
  subtotal_cents: 900,
  discount_cents: 0,
  total_cents: 900,
  currency: 'usd',
  provider: 'local',
  period_start: null,
  period_end: null,
  created_at: '2026-01-02T00:00:00Z',
  ...overrides,
});

beforeEach(() => {
  for (const key of Object.keys(replies)) delete replies[key];
});

// Money on the payment screens always shows its cents, as the checkout page and receipts do (money.ts).
describe('InvoicesCard', () => {
  it('lists invoices of whole and fractional amounts alike', async () => {
    replies['GET /api/payment/v1/payments/invoices'] = () =>
      jsonResponse(200, {
        items: [
          invoice({
            id: 'i2',
            number: 'INV-000002',
            description: 'Basic (yearly)',
            subtotal_cents: 12_970,
            discount_cents: 500,
            total_cents: 12_470,
          }),
          invoice({}),
        ],
      });
    await renderWithRouter(() => <InvoicesCard />);
    const list = await screen.findByRole('list', { name: 'Invoices' });
    expect(within(list).getByText('$124.70')).toBeTruthy();
    expect(within(list).getByText('$9.00')).toBeTruthy();
    expect(within(list).getByText(/\$5\.00 discount/)).toBeTruthy();
  });
});
