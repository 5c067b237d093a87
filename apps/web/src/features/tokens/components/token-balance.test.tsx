import type { TokenBalance as Balance } from '@candor/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

const { TokenBalance } = await import('./token-balance');

beforeEach(() => {
  api.balance = null;
});

describe('TokenBalance', () => {
  it('never shows more tokens than the user has: 1,966 is "1.9K", named with what it shows, then the exact number', async () => {
    api.balance = { token_balance: 1000, plan_balance: 900, referral_token_balance: 66 };
    await renderWithRouter(() => <TokenBalance />);
    const chip = await screen.findByRole('link', { name: 'Token balance: 1.9K (1,966 tokens)' });
    expect(chip.querySelector('span:not(.sr-only)')?.textContent).toBe('1.9K');
  });

  it('shows an unlimited plan as Unlimited', async () => {
    api.balance = { token_balance: 10, plan_balance: -1, referral_token_balance: 0 };
    await renderWithRouter(() => <TokenBalance />);
    const chip = await screen.findByRole('link', { name: 'Token balance: Unlimited tokens' });
    expect(chip.querySelector('span:not(.sr-only)')?.textContent).toBe('Unlimited');
  });
});
