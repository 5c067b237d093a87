import { errorBodySchema, myPlanSchema, planListSchema, productAvailabilitySchema } from '@candor/contracts';
import { checkoutSessions, subscriptions } from '@candor/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createProductCatalogue } from '../../products.js';
import { signUpVerified, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';

describeOnEachDatabase('plans', (database) => {
  const t = useTestApp(database);

  it('lists the active plans in display order to anyone, signed in or not', async () => {
    const response = await t().client().get('/api/payment/v1/plans/');
    expect(response.statusCode).toBe(200);
    const { items } = planListSchema.parse(response.json());
    expect(items[0]).toMatchObject({ slug: 'free', tokens: 2000, price_cents: 0, period: 'none', tab: 'free' });
    expect(items.map((p) => p.slug)).toContain('ai-detector-pro-yearly');
    expect(items.find((p) => p.slug === 'stealth-ai-unlimited-monthly')?.tokens).toBe(-1);
    expect(items[0]).toMatchObject({
      family: null,
      limits: { max_words_per_run: 2_000, api_requests_per_minute: null },
    });
    // The same plan in both billing periods shares a family: the pricing page's period switch pairs them by it.
    const api = items.filter((p) => p.family === 'api-agent-starter');
    expect(api.map((p) => p.period).sort()).toEqual(['monthly', 'yearly']);
    expect(api[0]?.limits).toEqual({ max_words_per_run: 100_000, api_requests_per_minute: 60 });
    // Licence plans are never on sale.
    expect(items.some((p) => p.slug.startsWith('licence-'))).toBe(false);
    expect((await t().client().get('/api/payment/v1/plans')).statusCode).toBe(200);
  });

  it("shows a new user's free plan, valid for fourteen days", async () => {
    const client = t().client();
    await signUpVerified(t(), client);
    const response = await client.get('/api/payment/v1/plans/my_plan');
    expect(response.statusCode, response.body).toBe(200);
    const plan = myPlanSchema.parse(response.json());
    expect(plan).toMatchObject({ plan: { slug: 'free' }, provider: 'none', cancel_at_period_end: false });
    expect(plan.current_period_start).toBe(plan.started_at);
    const days = (Date.parse(plan.expires_at ?? '') - Date.parse(plan.started_at)) / 86_400_000;
    expect(days).toBeCloseTo(14, 5);
  });

  it('answers 418 free_plan_expired once the free plan has run out', async () => {
    const client = t().client();
    const { user } = await signUpVerified(t(), client);
    await t()
      .database.handle.db.update(subscriptions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.userId, user.id));
    const response = await client.get('/api/payment/v1/plans/my_plan');
    expect(response.statusCode).toBe(418);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('free_plan_expired');
  });

  it('needs a session for my_plan', async () => {
    const response = await t().client().get('/api/payment/v1/plans/my_plan');
    expect(response.statusCode).toBe(401);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('unauthenticated');
  });
});

// Which plans are on sale follows what the deployment offers; these tests fix the offer (the detectors, writing
// analysis and the privacy tools) so they hold whichever tools the build has registered.
describeOnEachDatabase('plans on sale', (database) => {
  const offering = createProductCatalogue([
    'ai-detector',
    'humanized-text-detector',
    'copyright-detector',
    'writing-analysis',
    'secure-llm',
    'document-redactor',
  ]);
  const t = useTestApp(database, { products: offering });

  it('says which products the deployment offers, to anyone', async () => {
    const response = await t().client().get('/api/detector/v1/products/');
    expect(response.statusCode).toBe(200);
    expect(productAvailabilitySchema.parse(response.json())).toEqual(offering.availability());
  });

  it('marks feature lines whose products are to come, and offers no plan of only those', async () => {
    const { items } = planListSchema.parse((await t().client().get('/api/payment/v1/plans/')).json());
    const plan = (slug: string) => items.find((p) => p.slug === slug);
    expect(plan('ai-detector-pro-monthly')).toMatchObject({
      available: true,
      features: [
        { text: 'Everything in Basic', available: true },
        { text: '5× the tokens and 4× the words per check', available: true },
        { text: 'Website scanner', available: false },
      ],
    });
    // The Free plan has sentence-level highlights too: the Pro plan no longer sells them as its own.
    expect(plan('ai-detector-pro-yearly')?.features.map((f) => f.text)).not.toContain('Sentence-level highlights');
    expect(plan('free')?.available).toBe(true);
    expect(plan('ai-detector-basic-yearly')?.features.every((f) => f.available)).toBe(true);
    for (const slug of ['stealth-ai-starter-monthly', 'stealth-ai-unlimited-yearly', 'api-agent-starter-monthly']) {
      expect(plan(slug)?.available, slug).toBe(false);
    }
    expect(plan('stealth-ai-unlimited-yearly')?.features).toEqual([
      { text: 'Everything in Stealth Starter', available: false },
      { text: 'Unlimited tokens', available: true },
    ]);
  });

  it('refuses to check out a plan whose tools are all still to come, saying which, and opens no session', async () => {
    const client = t().client();
    await signUpVerified(t(), client);
    for (const plan of ['stealth-ai-starter-monthly', 'api-agent-starter-yearly']) {
      const response = await client.post(`/api/payment/v1/payments/plan-checkout-session/${plan}`);
      expect(response.statusCode, response.body).toBe(409);
      expect(errorBodySchema.parse(response.json()).error.code).toBe('plan_unavailable');
    }
    const refused = await client.post('/api/payment/v1/payments/plan-checkout-session/stealth-ai-starter-yearly');
    expect(errorBodySchema.parse(refused.json()).error.message).toBe(
      "Stealth Starter can't be bought yet: Stealth AI writer, Content enhancer, and AI humanizer are not available. Nothing was charged.",
    );
    // A family whose other period is asked for is judged by the plan it resolves to.
    const switched = await client.post(
      '/api/payment/v1/payments/plan-checkout-session/ai-detector-pro-yearly?subscription_type=monthly',
    );
    expect(switched.statusCode, switched.body).toBe(200);
    expect(await t().database.handle.db.$count(checkoutSessions)).toBe(1);
  });
});
