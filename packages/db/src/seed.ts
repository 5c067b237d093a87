import type { Database } from './connection.js';
import { cancellationReasons, modelCoefficients, plans, tokenPackets } from './schema.js';

type NewPlan = typeof plans.$inferInsert;
type FeatureLine = NonNullable<NewPlan['features']>[number];

// Product ids are @candor/contracts' `productIds`; a line names the products it promises, so pricing shows only
// what the deployment offers (a line of products still to come is marked so, and a plan of only those can't be bought).
const basicFeatures: FeatureLine[] = [
  {
    text: 'AI, humanized and copyright detection',
    products: ['ai-detector', 'humanized-text-detector', 'copyright-detector'],
  },
  { text: 'Writing analysis', products: ['writing-analysis'] },
  { text: 'Secure LLM Chat and Document Redactor', products: ['secure-llm', 'document-redactor'] },
  { text: 'History of every run' },
];
const stealthFeatures: FeatureLine[] = [
  { text: 'Stealth AI writer', products: ['stealth-ai-writer'] },
  { text: 'Content enhancer', products: ['content-enhancer'] },
  { text: 'AI humanizer', products: ['content-humanizer'] },
];

/** The catalogue a fresh install starts with; `npm run catalog` edits it afterwards. */
export const seedPlans: NewPlan[] = [
  {
    slug: 'free',
    name: 'Free',
    tab: 'free',
    period: 'none',
    priceCents: 0,
    tokens: 2_000,
    durationDays: 14,
    limits: { maxWordsPerRun: 2_000, apiRequestsPerMinute: null, maxPagesPerScan: 50 },
    features: [{ text: '2,000 tokens to try every tool' }, { text: '14 days' }],
    sortOrder: 0,
  },
  ...(['monthly', 'yearly'] as const).flatMap((period, p): NewPlan[] => {
    const yearly = period === 'yearly';
    const price = (monthlyCents: number) => (yearly ? Math.round(monthlyCents * 12 * 0.8) : monthlyCents);
    const tokens = (monthly: number) => (monthly === -1 ? -1 : yearly ? monthly * 12 : monthly);
    return [
      {
        slug: `ai-detector-basic-${period}`,
        family: 'ai-detector-basic',
        limits: { maxWordsPerRun: 25_000, apiRequestsPerMinute: null, maxPagesPerScan: 500 },
        name: 'Basic',
        tab: 'ai-detector',
        period,
        priceCents: price(1_299),
        tokens: tokens(100_000),
        features: basicFeatures,
        sortOrder: 10 + p,
      },
      {
        slug: `ai-detector-pro-${period}`,
        family: 'ai-detector-pro',
        limits: { maxWordsPerRun: 100_000, apiRequestsPerMinute: null, maxPagesPerScan: 5_000 },
        name: 'Pro',
        tab: 'ai-detector',
        period,
        priceCents: price(2_999),
        tokens: tokens(500_000),
        features: [
          { text: 'Everything in Basic', products: basicFeatures.flatMap((line) => line.products ?? []) },
          { text: '5× the tokens and 4× the words per check' },
          { text: 'Website scanner', products: ['seo-scanner'] },
        ],
        sortOrder: 20 + p,
      },
      {
        slug: `stealth-ai-starter-${period}`,
        family: 'stealth-ai-starter',
        limits: { maxWordsPerRun: 10_000, apiRequestsPerMinute: null, maxPagesPerScan: 200 },
        name: 'Stealth Starter',
        tab: 'stealth-ai',
        period,
        priceCents: price(1_999),
        tokens: tokens(150_000),
        features: stealthFeatures,
        sortOrder: 30 + p,
      },
      {
        slug: `stealth-ai-unlimited-${period}`,
        family: 'stealth-ai-unlimited',
        limits: { maxWordsPerRun: 50_000, apiRequestsPerMinute: null, maxPagesPerScan: 1_000 },
        name: 'Stealth Unlimited',
        tab: 'stealth-ai',
        period,
        priceCents: price(4_999),
        tokens: -1,
        features: [
          { text: 'Everything in Stealth Starter', products: stealthFeatures.flatMap((line) => line.products ?? []) },
          { text: 'Unlimited tokens' },
        ],
        sortOrder: 40 + p,
      },
      {
        slug: `api-agent-starter-${period}`,
        family: 'api-agent-starter',
        limits: { maxWordsPerRun: 100_000, apiRequestsPerMinute: 60, maxPagesPerScan: 5_000 },
        name: 'API Starter',
        tab: 'api-agent',
        period,
        priceCents: price(4_999),
        tokens: tokens(1_000_000),
        features: [
          { text: 'Every tool over the REST API', products: ['public-api'] },
          { text: 'API keys', products: ['public-api'] },
          { text: '60 requests per minute', products: ['public-api'] },
        ],
        sortOrder: 50 + p,
      },
    ];
  }),
  // Marketplace licences (AppSumo codes): never on the pricing page, no billing period, no end date.
  ...([100_000, 300_000, -1] as const).map(
    (tokens, i): NewPlan => ({
      slug: `licence-tier-${i + 1}`,
      name: `Licence Tier ${i + 1}`,
      tab: 'ai-detector',
      period: 'none',
      priceCents: 0,
      tokens,
      durationDays: null,
      features: [
        { text: tokens === -1 ? 'Unlimited tokens' : `${tokens.toLocaleString('en-US')} tokens` },
        { text: 'Lifetime licence' },
        { text: 'Every AI detection tool', products: ['ai-detector', 'humanized-text-detector', 'copyright-detector'] },
      ],
      active: false,
      sortOrder: 100 + i,
    }),
  ),
];

/** One-off token purchases: they never expire and are spent after the plan and referral tokens. */
export const seedTokenPackets: (typeof tokenPackets.$inferInsert)[] = [
  { slug: 'tokens-50k', name: '50K tokens', tokens: 50_000, priceCents: 900, sortOrder: 1 },
  { slug: 'tokens-200k', name: '200K tokens', tokens: 200_000, priceCents: 2_900, sortOrder: 2 },
  { slug: 'tokens-1m', name: '1M tokens', tokens: 1_000_000, priceCents: 9_900, sortOrder: 3 },
];

/** Tokens per unit (DESIGN.md "Tokens": a run costs ceil(units × coefficient)). */
export const seedCoefficients: (typeof modelCoefficients.$inferInsert)[] = [
  { modelName: 'AI_DETECTION', coefficient: 1, unit: 'word' },
  { modelName: 'SOURCE_DETECTION', coefficient: 1, unit: 'word' },
  { modelName: 'WRITING_ANALYSIS', coefficient: 0.5, unit: 'word' },
  { modelName: 'QUILLBOT_ANALYSIS', coefficient: 1, unit: 'word' },
  { modelName: 'AI_DETECTION_HIGHLIGHTER', coefficient: 1.5, unit: 'word' },
  { modelName: 'PLAGIARISM', coefficient: 2, unit: 'word' },
  { modelName: 'HUMANIZER', coefficient: 2, unit: 'word' },
  { modelName: 'AI_WRITER', coefficient: 2, unit: 'word' },
  { modelName: 'REWRITE', coefficient: 1.5, unit: 'word' },
  { modelName: 'SUMMARIZE', coefficient: 1, unit: 'word' },
  { modelName: 'EXPAND', coefficient: 1.5, unit: 'word' },
  { modelName: 'SHORTEN', coefficient: 1, unit: 'word' },
  { modelName: 'ADD_CONTENT', coefficient: 1.5, unit: 'word' },
  { modelName: 'PII_TEXT_DETECT', coefficient: 0.5, unit: 'word' },
  { modelName: 'VEXON', coefficient: 10, unit: 'second' },
  // A page is read by three detectors and checked for SEO: about a short article's worth of AI detection.
  { modelName: 'SITE_SCAN', coefficient: 20, unit: 'page' },
];

export const seedCancellationReasons: (typeof cancellationReasons.$inferInsert)[] = [
  { id: 1, source: 'account_delete', label: 'I no longer need the product', sortOrder: 1 },
  { id: 2, source: 'account_delete', label: 'It is too expensive', sortOrder: 2 },
  { id: 3, source: 'account_delete', label: 'The results were not accurate enough', sortOrder: 3 },
  { id: 4, source: 'account_delete', label: 'I found another tool', sortOrder: 4 },
  { id: 5, source: 'account_delete', label: 'Privacy concerns', sortOrder: 5 },
  { id: 6, source: 'account_delete', label: 'Something else', sortOrder: 6 },
  { id: 7, source: 'subscription_cancel', label: 'I no longer need the product', sortOrder: 1 },
  { id: 8, source: 'subscription_cancel', label: 'It is too expensive', sortOrder: 2 },
  { id: 9, source: 'subscription_cancel', label: 'Something else', sortOrder: 3 },
];

/** Idempotent: rows that exist are left as they are, so edits made after the first seed survive. */
export async function seedDatabase(db: Database): Promise<void> {
  await db.insert(plans).values(seedPlans).onConflictDoNothing({ target: plans.slug });
  await db.insert(tokenPackets).values(seedTokenPackets).onConflictDoNothing({ target: tokenPackets.slug });
  await db.insert(modelCoefficients).values(seedCoefficients).onConflictDoNothing();
  await db.insert(cancellationReasons).values(seedCancellationReasons).onConflictDoNothing();
}
