import type { TokenBalance as Balance } from '@candor/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';

const api = vi.hoisted(() => ({ balance: null as Balance | null }));

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), (request) =>
    new URL(request.url).pathname === '/api/detector/ai-detector/user-token-balance/' && api.balance
      ? jsonResponse(200, api.balance)
      : notFoundResponse(),
  );
});

const { BalanceCards } = await import('./balance-cards');

const card = (title: string) => screen.getByText(title).closest('[data-slot="card"]')?.textContent;

describe('BalanceCards', () => {
  it('gives the exact count under each short one that rounds, so the cards add up to the total', async () => {
    api.balance = { token_balance: 50_500, plan_balance: 1_197_165, referral_token_balance: 2_000 };
    await renderWithRouter(() => <BalanceCards />);
    await screen.findByText('Total balance');
    expect(card('Total balance')).toContain('1.2M1,249,665 tokens');
    expect(card('Plan tokens')).toContain('1.1M1,197,165 tokens');
    expect(card('Purchased tokens')).toContain('50.5K');
    expect(card('Purchased tokens')).not.toContain('50,500');
    // A short count that is already exact is not said twice.
    expect(card('Referral tokens')).toBe('Referral tokens2KEarned by inviting others');
  });
});
