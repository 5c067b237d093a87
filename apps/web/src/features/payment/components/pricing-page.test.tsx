import type { MyPlan, Plan } from '@candor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanState } from '@/lib/session';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { testPlan } from '@/test/plans';
import { renderWithRouter } from '@/test/render';

const replies: Record<string, (request: Request) => Response> = {};
const requests: Request[] = [];

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), (input) => {
    requests.push(input);
    const reply = replies[`${input.method} ${new URL(input.url).pathname}`];
    return reply ? reply(input) : notFoundResponse();
  });
});

const { PricingPage } = await import('./pricing-page');

const plan = testPlan;
const free = plan({});
const basic = plan({
  id: 'p-basic',
  slug: 'ai-detector-basic-yearly',
  name: 'Basic',
  tab: 'ai-detector',
  period: 'yearly',
  price_cents: 12_470,
  tokens: 1_200_000,
  family: 'ai-detector-basic',
  limits: { max_words_per_run: 25_000, api_requests_per_minute: null },
});
const pro = plan({
  id: 'p-pro',
  slug: 'ai-detector-pro-yearly',
  name: 'Pro',
  tab: 'ai-detector',
  period: 'yearly',
  price_cents: 28_790,
  tokens: 6_000_000,
  family: 'ai-detector-pro',
});
const onPlan = (current: Plan, provider: 'none' | 'local' = 'none', extra: Partial<MyPlan> = {}): PlanState => ({
  status: 'ok',
  myPlan: {
    subscription_id: 's1',
    plan: current,
    started_at: '2026-01-01T00:00:00Z',
    current_period_start: '2026-01-01T00:00:00Z',
    expires_at: '2027-01-01T00:00:00Z',
    cancel_at_period_end: false,
    provider,
    ...extra,
  },
});

const search = (extra: { coupon?: string } = {}) => ({
  tab: 'ai-detector' as const,
  period: 'yearly' as const,
  ...extra,
});

beforeEach(() => {
  for (const key of Object.keys(replies)) delete replies[key];
  requests.length = 0;
  replies['GET /api/payment/v1/plans/'] = () => jsonResponse(200, { items: [free, basic, pro] });
});

describe('PricingPage', () => {
  it('marks feature lines still to come, and offers no checkout of a plan whose tools are all to come', async () => {
    const proWithScanner = plan({
      ...pro,
      features: [
        { text: 'Everything in Basic', available: true },
        { text: 'Website scanner', available: false },
      ],
    });
    const stealth = plan({
      id: 'p-stealth',
      slug: 'stealth-ai-starter-yearly',
      name: 'Stealth Starter',
      tab: 'ai-detector',
      period: 'yearly',
      price_cents: 19_190,
      features: [{ text: 'Stealth AI writer', available: false }],
      available: false,
    });
    replies['GET /api/payment/v1/plans/'] = () => jsonResponse(200, { items: [free, proWithScanner, stealth] });
    await renderWithRouter(() => (
      <PricingPage search={search()} onSearchChange={() => {}} loggedIn planState={onPlan(free)} />
    ));

    const proCard = await screen.findByLabelText('Pro');
    const scanner = within(proCard).getByText('Website scanner').closest('li') as HTMLElement;
    expect(scanner.textContent).toContain('Coming soon');
    expect(scanner.textContent).toContain('(not included yet)');
    expect(within(proCard).getByRole('button', { name: 'Buy Pro' })).toBeTruthy();

    const stealthCard = screen.getByLabelText('Stealth Starter');
    expect(within(stealthCard).queryByRole('button', { name: 'Buy Stealth Starter' })).toBeNull();
    const unavailable = within(stealthCard).getByRole('button', { name: 'Not available yet' }) as HTMLButtonElement;
    expect(unavailable.disabled).toBe(true);
    expect(within(stealthCard).getByText(/The tools in Stealth Starter are coming soon/)).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('offers "Buy {plan}" on a free plan and marks the current plan as not buyable', async () => {
    await renderWithRouter(() => (
      <PricingPage search={search()} onSearchChange={() => {}} loggedIn planState={onPlan(free)} />
    ));
    expect(await screen.findByRole('button', { name: 'Buy Basic' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy Pro' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Your current plan' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByText('Words per run').length).toBe(3);
  });

  it('offers "Switch to {plan}" when another paid plan is current', async () => {
    await renderWithRouter(() => (
      <PricingPage search={search()} onSearchChange={() => {}} loggedIn planState={onPlan(basic, 'local')} />
    ));
    expect(await screen.findByRole('button', { name: 'Switch to Pro' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Basic$/ })).toBeNull();
  });

  it('says before checkout that a switch ends the current plan now, with its tokens and without a refund', async () => {
    replies['GET /api/detector/ai-detector/user-token-balance/'] = () =>
      jsonResponse(200, { token_balance: 0, plan_balance: 1_100_000, referral_token_balance: 0 });
    replies['POST /api/payment/v1/payments/plan-checkout-session/p-pro'] = () =>
      jsonResponse(503, { error: { code: 'unavailable', message: 'Try later.' } });
    await renderWithRouter(() => (
      <PricingPage search={search()} onSearchChange={() => {}} loggedIn planState={onPlan(basic, 'local')} />
    ));
    const user = userEvent.setup();
    const switchToPro = await screen.findByRole('button', { name: 'Switch to Pro' });
    await user.click(switchToPro);

    const dialog = await screen.findByRole('dialog', { name: 'Switch from Basic to Pro?' });
    const text = dialog.textContent ?? '';
    expect(text).toContain('Your Basic (yearly) plan ends as soon as you pay for Pro (yearly); it is not kept until');
    expect(text).toContain("Pro (yearly)'s 6M tokens a year replace the 1.1M tokens left on Basic.");
    expect(text).toContain('Nothing is refunded or prorated for what is left of Basic: you pay $287.90 today');
    expect(text).toContain('Your purchased and referral tokens stay.');
    // Nothing is bought yet; the safe choice has the focus, and Escape goes back to the button.
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep Basic' })),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(switchToPro);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    // Confirmed: the checkout starts; a refusal closes the dialog and is told next to the focused button.
    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue to checkout' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const proCard = screen.getByLabelText('Pro');
    expect((await within(proCard).findByRole('alert')).textContent).toBe('Try later.');
    await waitFor(() => expect(document.activeElement).toBe(switchToPro));
    expect(switchToPro.getAttribute('aria-describedby')).toBe(within(proCard).getByRole('alert').id);
  });

  it('labels the same plan in the other billing period as a change of billing, and says what it ends', async () => {
    const basicMonthly = plan({
      ...basic,
      id: 'p-basic-monthly',
      slug: 'ai-detector-basic-monthly',
      period: 'monthly',
      price_cents: 1_299,
      tokens: 100_000,
    });
    replies['GET /api/payment/v1/plans/'] = () => jsonResponse(200, { items: [free, basic, pro, basicMonthly] });
    await renderWithRouter(() => (
      <PricingPage
        search={{ ...search(), period: 'monthly' }}
        onSearchChange={() => {}}
        loggedIn
        planState={onPlan(basic, 'local')}
      />
    ));
    const card = await screen.findByLabelText('Basic');
    const button = within(card).getByRole('button', { name: 'Switch to monthly billing' });
    expect(screen.queryByRole('button', { name: 'Switch to Basic' })).toBeNull();
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Switch Basic to monthly billing?' });
    expect(dialog.textContent).toContain('Your Basic (yearly) plan ends as soon as you pay for Basic (monthly)');
    expect(dialog.textContent).toContain('you pay $12.99 today, and Basic is not billed again.');
  });

  it('asks before a lifetime licence is replaced by a plan', async () => {
    const licence = plan({ id: 'p-licence', slug: 'licence-tier-2', name: 'Licence Tier 2', tab: 'ai-detector' });
    await renderWithRouter(() => (
      <PricingPage
        search={search()}
        onSearchChange={() => {}}
        loggedIn
        planState={onPlan(licence, 'none', { expires_at: null })}
      />
    ));
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch from Licence Tier 2 to Pro?' });
    expect(dialog.textContent).toContain(
      'Your lifetime licence Licence Tier 2 ends as soon as you pay for Pro (yearly).',
    );
    expect(dialog.textContent).not.toContain('billed again');
  });

  it('shows discounted prices with the original struck through for a valid coupon, and checks out with it', async () => {
    replies['GET /api/payment/v1/coupons/SPRING20'] = () =>
      jsonResponse(200, {
        valid: true,
        code: 'SPRING20',
        description: null,
        percent_off: 20,
        amount_off_cents: null,
        currency: 'usd',
        valid_until: null,
        product_slugs: ['ai-detector-pro-yearly'],
      });
    replies['POST /api/payment/v1/payments/plan-checkout-session/p-pro'] = () =>
      jsonResponse(422, { error: { code: 'coupon_invalid', message: 'This coupon has been used up.' } });
    await renderWithRouter(() => (
      <PricingPage
        search={search({ coupon: 'SPRING20' })}
        onSearchChange={() => {}}
        loggedIn
        planState={onPlan(free)}
      />
    ));
    expect(await screen.findByText('SPRING20 — 20% off your first payment')).toBeTruthy();
    const proCard = screen.getByLabelText('Pro');
    expect(within(proCard).getByTestId('original-price').textContent).toBe('$287.90');
    expect(within(proCard).getByText('$230.32')).toBeTruthy();
    // The coupon is limited to Pro: Basic keeps its price.
    expect(within(screen.getByLabelText('Basic')).queryByTestId('original-price')).toBeNull();

    await userEvent.click(within(proCard).getByRole('button', { name: 'Buy Pro' }));
    const checkout = await waitFor(() => {
      const found = requests.find((r) => r.method === 'POST');
      if (!found) throw new Error('no checkout yet');
      return new URL(found.url);
    });
    expect(checkout.searchParams.get('subscription_type')).toBe('yearly');
    expect(checkout.searchParams.get('coupon_code')).toBe('SPRING20');
    // A refused checkout is explained next to the button.
    expect((await within(proCard).findByRole('alert')).textContent).toBe('This coupon has been used up.');
  });

  it("explains why a coupon can't be used and buys without it", async () => {
    replies['GET /api/payment/v1/coupons/OLD10'] = () =>
      jsonResponse(200, { valid: false, code: 'OLD10', problem: 'expired', message: 'This coupon has expired.' });
    replies['POST /api/payment/v1/payments/plan-checkout-session/p-basic'] = () =>
      jsonResponse(503, { error: { code: 'unavailable', message: 'Try later.' } });
    await renderWithRouter(() => (
      <PricingPage search={search({ coupon: 'OLD10' })} onSearchChange={() => {}} loggedIn planState={onPlan(free)} />
    ));
    expect(await screen.findByText('This coupon has expired.')).toBeTruthy();
    expect(screen.queryByTestId('original-price')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Buy Basic' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const checkout = new URL(requests.find((r) => r.method === 'POST')?.url ?? '');
    expect(checkout.searchParams.has('coupon_code')).toBe(false);
  });

  it('sends signed-out visitors to sign-up with the plan and the coupon', async () => {
    replies['GET /api/payment/v1/coupons/SPRING20'] = () =>
      jsonResponse(200, {
        valid: false,
        code: 'SPRING20',
        problem: 'unknown',
        message: 'This coupon code does not exist.',
      });
    await renderWithRouter(() => (
      <PricingPage
        search={search({ coupon: 'SPRING20' })}
        onSearchChange={() => {}}
        loggedIn={false}
        planState={undefined}
      />
    ));
    const links = await screen.findAllByRole('link', { name: 'Create an account' });
    expect(links[0]?.getAttribute('href')).toBe('/auth/signup?buyPlanId=p-basic&buyPlanCoupon=SPRING20');
  });

  it('tells a signed-out visitor looking at monthly prices that the checkout after sign-up is yearly', async () => {
    const basicMonthly = plan({
      ...basic,
      id: 'p-basic-monthly',
      slug: 'ai-detector-basic-monthly',
      period: 'monthly',
    });
    replies['GET /api/payment/v1/plans/'] = () => jsonResponse(200, { items: [free, basic, pro, basicMonthly] });
    await renderWithRouter(() => (
      <PricingPage
        search={{ ...search(), period: 'monthly' }}
        onSearchChange={() => {}}
        loggedIn={false}
        planState={undefined}
      />
    ));
    const card = await screen.findByLabelText('Basic');
    expect(card.textContent).toContain('Signing up here checks out the yearly plan.');
  });
});
