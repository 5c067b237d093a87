import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { type PrivateAllowList, parsePrivateAllowList } from '../http/private-allow-list.js';

/** The services `SERVICES` can choose from, with the URL prefix each one owns. */
export const serviceNames = ['auth', 'payment', 'detector', 'governance', 'api'] as const;
export type ServiceName = (typeof serviceNames)[number];

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Every variable the server reads: the README table and `.env.example` are checked against this. */
export const envTable = {
  NODE_ENV: { default: 'production', description: 'development, production or test' },
  PORT: { default: '8080', description: 'HTTP port to listen on' },
  HOST: { default: '0.0.0.0', description: 'Interface to listen on' },
  DATA_DIR: {
    default: './.data',
    description: 'Directory for the embedded database, the mail outbox and the generated JWT secret (relative to cwd)',
  },
  DATABASE_URL: {
    default: null,
    description: 'postgres:// URL of a PostgreSQL database; without it the embedded PGlite in DATA_DIR/pglite is used',
  },
  REDIS_URL: {
    default: null,
    description:
      'redis:// URL; rate-limit counters and the tool-run queue (BullMQ) live there, shared by every instance',
  },
  REDIS_KEY_PREFIX: {
    default: 'candor',
    description: 'First part of every Redis key and channel, so deployments sharing one Redis keep apart',
  },
  SMTP_URL: {
    default: null,
    description: 'smtp:// or smtps:// URL to send e-mail; without it each message is written to DATA_DIR/outbox',
  },
  MAIL_FROM: { default: 'Candor <no-reply@candor.local>', description: 'Sender of every e-mail' },
  PUBLIC_URL: {
    default: 'http://localhost:$PORT',
    description: 'Address users reach the app at; used in e-mails, and cookies are Secure when it is https',
  },
  JWT_SECRET: {
    default: null,
    description:
      'Key (at least 32 characters) that signs session tokens; without it one is generated in DATA_DIR/jwt-secret',
  },
  ACCESS_TOKEN_TTL_SECONDS: { default: '900', description: 'Lifetime of an access token' },
  REFRESH_TOKEN_TTL_SECONDS: { default: '2592000', description: 'Lifetime of a refresh token (a session)' },
  OTP_TTL_SECONDS: { default: '600', description: 'How long an e-mailed code stays valid' },
  OTP_RESEND_COOLDOWN_SECONDS: {
    default: '60',
    description: 'Wait before another code can be sent to the same account',
  },
  BODY_LIMIT_BYTES: { default: '1048576', description: 'Largest accepted request body' },
  SERVICES: {
    default: 'auth,payment,detector,governance,api',
    description: 'Comma list of the services this instance serves',
  },
  LOG_LEVEL: { default: 'info', description: 'fatal, error, warn, info, debug, trace or silent' },
  TRUST_PROXY: {
    default: 'false',
    description: 'true, false, a hop count, or a comma list of proxy addresses/CIDRs to take X-Forwarded-* from',
  },
  WEB_DIST_DIR: {
    default: 'apps/web/dist',
    description: 'Built SPA to serve; when missing, only the API is served',
  },
  AUTH_RATE_LIMIT_PER_IP: {
    default: '30',
    description: 'Attempts per IP address per window on sign-in, sign-up and every code endpoint',
  },
  AUTH_RATE_LIMIT_PER_ACCOUNT: { default: '10', description: 'Attempts per account per window on the same endpoints' },
  AUTH_RATE_LIMIT_WINDOW_SECONDS: { default: '900', description: 'Window of both auth rate limits' },
  OIDC_ISSUER: {
    default: 'https://accounts.google.com',
    description: 'OpenID Connect issuer for "Continue with …" sign-in; its discovery document is read at run time',
  },
  OIDC_CLIENT_ID: {
    default: null,
    description: 'Client id registered at the OIDC issuer; without it sign-in with an identity provider is off',
  },
  OIDC_CLIENT_SECRET: {
    default: null,
    description: 'Client secret for the code flow (exchanging authorization codes at the token endpoint)',
  },
  OIDC_FLOW: { default: 'code', description: 'implicit (ID token in the browser) or code (authorization code)' },
  REFERRAL_REFERRER_TOKENS: {
    default: '500',
    description: 'Referral tokens the inviting user gets when an account they referred verifies its e-mail',
  },
  REFERRAL_REFEREE_TOKENS: {
    default: '500',
    description: 'Referral tokens an account that signed up with a referral code gets when it verifies its e-mail',
  },
  CONTACT_EMAIL_TO: {
    default: null,
    description: 'Address the contact form (demo requests) is e-mailed to; defaults to the MAIL_FROM address',
  },
  PAYMENT_PROVIDER: {
    default: 'local',
    description: 'local (the built-in offline checkout with test cards) or stripe (Stripe Checkout and webhooks)',
  },
  STRIPE_SECRET_KEY: { default: null, description: 'Stripe secret key (sk_test_… or sk_live_…); needed for stripe' },
  STRIPE_WEBHOOK_SECRET: {
    default: null,
    description: 'Signing secret (whsec_…) of the Stripe webhook endpoint /api/payment/v1/payments/webhooks/stripe',
  },
  STRIPE_API_URL: {
    default: null,
    description: 'Other base URL for the Stripe API (a local double or a proxy); without it the real api.stripe.com',
  },
  CHECKOUT_SESSION_TTL_MINUTES: {
    default: '30',
    description: 'How long a checkout session can be paid (30 to 1440, as Stripe allows)',
  },
  SUBSCRIPTION_SWEEP_SECONDS: {
    default: '60',
    description: 'How often due subscriptions renew or end and lapsed plans lose their allowance; 0 turns it off',
  },
  ENGINE_THREADS: {
    default: '0',
    description: "Worker threads that run the tools' engines; 0 means one per CPU core",
  },
  ENGINE_MAX_HEAP_MB: {
    default: '1024',
    description: 'Heap limit of one engine thread; a run that needs more fails instead of taking the server down',
  },
  JOB_TIMEOUT_SECONDS: { default: '300', description: 'A tool run longer than this is stopped (and charges nothing)' },
  JOBS_PER_USER: { default: '5', description: 'Tool runs one user may have queued or running at once' },
  SOURCE_FETCH_ALLOW_PRIVATE: {
    default: 'false',
    description:
      'Comma list of private or loopback hosts and networks (wiki.intranet, 10.1.0.0/16, 127.0.0.1) the Copyright Detector may fetch sources from and webhooks may go to (a self-hosted intranet); none by default',
  },
  SOURCE_FETCH_MAX_BYTES: {
    default: '5242880',
    description: 'Largest web page the Copyright Detector reads as a source',
  },
  SOURCE_FETCH_TIMEOUT_SECONDS: { default: '10', description: 'Time one source URL may take, redirects included' },
  SITE_SCAN_MAX_PAGES: {
    default: '5000',
    description:
      'Most pages one website scan reads, whatever the plan allows (plans set their own page limits within it)',
  },
  SITE_SCAN_MAX_DEPTH: { default: '10', description: 'Most links away from the start page a website scan follows' },
  SITE_SCAN_MAX_PAGE_BYTES: {
    default: '5242880',
    description: 'Largest page a website scan reads; a larger one is listed as skipped',
  },
  SITE_SCAN_MAX_REDIRECTS: { default: '5', description: 'Redirects a website scan follows for one page' },
  SITE_SCAN_MAX_SECONDS: {
    default: '240',
    description:
      'Time one website scan may crawl (at most 80% of JOB_TIMEOUT_SECONDS); the pages scanned by then are kept',
  },
  SITE_SCAN_REQUESTS_PER_HOST: {
    default: '4',
    description: 'Requests a website scan has in flight to one site at once (one when robots.txt sets a Crawl-delay)',
  },
  SITE_SCAN_MAX_CRAWL_DELAY_SECONDS: {
    default: '5',
    description: 'Longest robots.txt Crawl-delay a website scan honours; a site asking more gets this',
  },
  SITE_SCAN_PAGE_TIMEOUT_SECONDS: { default: '15', description: 'Time one page of a website scan may take' },
  SITE_SCAN_PRIVATE_ORIGINS: {
    default: null,
    description:
      'Comma list of origins (http://host:port) on private or loopback addresses a website scan may read (an intranet site); none by default, and their redirects elsewhere stay refused',
  },
  PLAGIARISM_ORGANISATION_DOCUMENTS: {
    default: 'false',
    description: "true lets users compare texts with everyone's earlier documents on this server (one organisation)",
  },
  PII_VAULT_KEY: {
    default: null,
    description:
      'Key (at least 32 characters) that encrypts the pseudonym vaults of Secure LLM Chat; without it one is generated in DATA_DIR/pii-vault-key',
  },
  LLM_BASE_URL: {
    default: null,
    description:
      'Base URL of an OpenAI-compatible API for Secure LLM Chat (OpenAI, Azure OpenAI, Ollama, vLLM, llama.cpp server)',
  },
  LLM_API_KEY: { default: null, description: 'Key sent as a Bearer token to LLM_BASE_URL' },
  LLM_MODELS: { default: null, description: 'Comma list of the models of LLM_BASE_URL users may chat with' },
  LLM_MODEL_PATH: {
    default: null,
    description:
      'Path of a local GGUF model to chat with through node-llama-cpp (CPU), beside or instead of LLM_BASE_URL',
  },
  DETECTOR_MODEL_PATH: {
    default: null,
    description:
      'Local GGUF model whose scores the AI and Humanized Text Detectors add to their built-in ones once calibrated (npm run train:curvature); when unset, a model fetched into MODELS_DIR (npm run models:fetch -- smollm2-135m), else LLM_MODEL_PATH; none for off',
  },
  MODELS_DIR: {
    default: 'DATA_DIR/models',
    description:
      'Folder npm run models:fetch puts model files in, and where the detectors look for their fetched language model',
  },
  LLM_TIMEOUT_SECONDS: {
    default: '60',
    description: 'How long the LLM may take to start answering, and to send each next part of its answer',
  },
  LLM_MAX_RETRIES: { default: '2', description: 'Retries of an LLM request that got 429 or 5xx before any answer' },
  GENERATE_MODEL: {
    default: null,
    description:
      'Model id the writer, enhancer and humanizer use when a request names none (one of LLM_MODELS, or local:<GGUF file name>); the first configured model when unset',
  },
  GENERATE_MODEL_PATH: {
    default: null,
    description:
      'A local GGUF instruct model the writer, enhancer and humanizer may write with, beside LLM_MODEL_PATH (e.g. the SmolLM2 file npm run models:fetch -- smollm2-135m puts in DATA_DIR/models)',
  },
  CHAT_DAILY_TOKENS: {
    default: '200000',
    description: 'LLM tokens (prompts and replies) one user may use per day in Secure LLM Chat; 0 means no limit',
  },
  API_SYNC_TIMEOUT_SECONDS: {
    default: '30',
    description: 'How long POST /api/public/v1/{tool} waits for the result before answering 202 with the job to poll',
  },
  API_CORS_ORIGINS: {
    default: null,
    description: 'Comma list of browser origins allowed to call the public API with a key (CORS); none by default',
  },
  WEBHOOK_RETRY_SECONDS: {
    default: '15',
    description: 'How often due webhook deliveries are retried (each with its own back-off); 0 turns retries off',
  },
} as const satisfies Record<string, { default: string | null; description: string }>;

export type EnvName = keyof typeof envTable;
export type EnvSource = Readonly<Record<string, string | undefined>>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Keys are `{prefix}:rl:…` (rate limits, checkout pages) and `{prefix}:jobs:…` (the job queue). */
  redisKeyPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** True when PUBLIC_URL is https: cookies get the Secure flag. */
  secureCookies: boolean;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  otpTtlSeconds: number;
  otpResendCooldownSeconds: number;
  bodyLimitBytes: number;
  services: ServiceName[];
  logLevel: LogLevel;
  trustProxy: boolean | number | string[];
  /** Null when there is no built SPA to point at. */
  webDistDir: string | null;
  authRateLimit: { perIp: number; perAccount: number; windowSeconds: number };
  referral: { referrerTokens: number; refereeTokens: number };
  /** Where contact requests are e-mailed. */
  contactEmailTo: string;
  oidc: { issuer: string; clientId: string | undefined; clientSecret: string | undefined; flow: 'implicit' | 'code' };
  payment: PaymentConfig;
  tools: ToolsConfig;
  governance: GovernanceConfig;
  api: PublicApiConfig;
}

export interface PublicApiConfig {
  syncTimeoutSeconds: number;
  /** Origins whose pages may call the key-authenticated API (CORS). */
  corsOrigins: string[];
  /** 0: due webhook retries are not swept (a delivery is still tried once as its job ends). */
  webhookRetrySeconds: number;
}

export interface GovernanceConfig {
  /** Undefined: generated into DATA_DIR (see config/secrets.ts). */
  vaultKey: string | undefined;
  llm: {
    /** An OpenAI-compatible API, when configured. */
    endpoint: { baseUrl: string; apiKey: string | undefined; models: string[] } | undefined;
    /** A local GGUF model, when configured. */
    modelPath: string | undefined;
    timeoutSeconds: number;
    maxRetries: number;
  };
  /** LLM tokens per user per UTC day; null means no limit. */
  chatDailyTokens: number | null;
}

/** The language models the generation tools may write with (docs/models/generate.md). */
export interface GenerationConfig {
  /** The OpenAI-compatible endpoint Secure LLM Chat uses, when configured. */
  endpoint: { baseUrl: string; apiKey: string | undefined; models: string[] } | undefined;
  /** Local GGUF files (LLM_MODEL_PATH, GENERATE_MODEL_PATH), each offered as `local:<file name>`. */
  modelPaths: string[];
  /** The model a request that names none writes with (GENERATE_MODEL); the first configured one when undefined. */
  defaultModel: string | undefined;
  timeoutSeconds: number;
  maxRetries: number;
}

export interface ToolsConfig {
  /**
   * The AI Detector's optional local model (DETECTOR_MODEL_PATH, else LLM_MODEL_PATH): used only with a calibration
   * file beside it that matches it (see modules/tools/ai-detection/local-model.ts).
   */
  detectorModel: { path: string; from: 'DETECTOR_MODEL_PATH' | 'LLM_MODEL_PATH' } | undefined;
  /**
   * Where the detectors look for a fetched model with a committed calibration (MODELS_DIR) when DETECTOR_MODEL_PATH
   * names none; undefined when DETECTOR_MODEL_PATH is none.
   */
  detectorModelsDir: string | undefined;
  engineThreads: number;
  engineMaxHeapMb: number;
  jobTimeoutSeconds: number;
  jobsPerUser: number;
  generation: GenerationConfig;
  /** Fetching the web pages a user names as plagiarism sources (guarded against server-side request forgery). */
  sourceFetch: { privateAllowList: PrivateAllowList; maxBytes: number; timeoutSeconds: number };
  /** Whether the Copyright Detector may compare with every user's earlier documents. */
  organisationDocuments: boolean;
  /** The website scanner's crawl limits, and the private origins it may read. */
  siteScan: SiteScanConfig;
}

export interface SiteScanConfig {
  maxPages: number;
  maxDepth: number;
  maxPageBytes: number;
  maxRedirects: number;
  /** Already within 80% of the job time-out, so the scan ends, and is stored, before the job is stopped. */
  maxSeconds: number;
  requestsPerHost: number;
  maxCrawlDelaySeconds: number;
  pageTimeoutSeconds: number;
  /** Origins (`http://10.0.0.5:8080`) whose private addresses may be read. */
  privateOrigins: string[];
  /** Names the crawler and where site owners read about it (PUBLIC_URL). */
  userAgent: string;
}

export interface PaymentConfig {
  provider: 'local' | 'stripe';
  /** Set exactly when the provider is stripe. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  checkoutSessionTtlMinutes: number;
  /** 0: no periodic sweep (tests run it by hand). */
  subscriptionSweepSeconds: number;
}

/** Thrown with one line per problem, so start-up can print them all at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.join('\n')}`);
    this.name = 'ConfigError';
  }
}

const integer = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `must be a whole number from ${min} to ${max}`)
        .max(max, `must be a whole number from ${min} to ${max}`),
    );

const url = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL like ${example}`);

const flag = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .transform((value) => value === 'true');

const DAY = 86_400;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }),
  PORT: integer(0, 65_535),
  HOST: z.string().trim().min(1, 'must not be empty'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/database').optional(),
  REDIS_URL: url(['redis:', 'rediss:'], 'redis://host:6379').optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w.:-]{1,64}$/, 'must be 1–64 letters, digits or _ . : -'),
  SMTP_URL: url(['smtp:', 'smtps:'], 'smtp://user:password@host:587').optional(),
  MAIL_FROM: z.string().trim().min(3, 'must be a sender like "Candor <no-reply@example.com>"'),
  PUBLIC_URL: url(['http:', 'https:'], 'https://candor.example.com').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  ACCESS_TOKEN_TTL_SECONDS: integer(10, DAY),
  REFRESH_TOKEN_TTL_SECONDS: integer(60, 365 * DAY),
  OTP_TTL_SECONDS: integer(30, DAY),
  OTP_RESEND_COOLDOWN_SECONDS: integer(0, DAY),
  BODY_LIMIT_BYTES: integer(1_024, 1_073_741_824),
  SERVICES: z
    .string()
    .transform((value) => value.split(',').map((s) => s.trim().toLowerCase()))
    .pipe(
      z
        .array(z.enum(serviceNames, { error: `must list services out of ${serviceNames.join(', ')}` }))
        .min(1, 'must name at least one service'),
    ),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }),
  TRUST_PROXY: z.string().trim(),
  WEB_DIST_DIR: z.string().trim().optional(),
  AUTH_RATE_LIMIT_PER_IP: integer(1, 1_000_000),
  AUTH_RATE_LIMIT_PER_ACCOUNT: integer(1, 1_000_000),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: integer(1, DAY),
  REFERRAL_REFERRER_TOKENS: integer(0, 100_000_000),
  REFERRAL_REFEREE_TOKENS: integer(0, 100_000_000),
  CONTACT_EMAIL_TO: z.string().trim().min(3, 'must be an address like "Sales <sales@example.com>"').optional(),
  OIDC_ISSUER: url(['http:', 'https:'], 'https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().trim().min(1).optional(),
  OIDC_FLOW: z.enum(['implicit', 'code'], { error: 'must be implicit or code' }),
  PAYMENT_PROVIDER: z.enum(['local', 'stripe'], { error: 'must be local or stripe' }),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key like sk_test_…')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_\w+$/, 'must be a webhook signing secret like whsec_…')
    .optional(),
  STRIPE_API_URL: url(['http:', 'https:'], 'http://127.0.0.1:12111').optional(),
  CHECKOUT_SESSION_TTL_MINUTES: integer(30, 1_440),
  SUBSCRIPTION_SWEEP_SECONDS: integer(0, DAY),
  ENGINE_THREADS: integer(0, 256),
  ENGINE_MAX_HEAP_MB: integer(64, 65_536),
  JOB_TIMEOUT_SECONDS: integer(1, DAY),
  JOBS_PER_USER: integer(1, 1_000),
  SOURCE_FETCH_ALLOW_PRIVATE: z.string().transform((value, context) => {
    try {
      return parsePrivateAllowList(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  SOURCE_FETCH_MAX_BYTES: integer(1_024, 100 * 1024 * 1024),
  SOURCE_FETCH_TIMEOUT_SECONDS: integer(1, 120),
  SITE_SCAN_MAX_PAGES: integer(1, 100_000),
  SITE_SCAN_MAX_DEPTH: integer(0, 100),
  SITE_SCAN_MAX_PAGE_BYTES: integer(1_024, 100 * 1024 * 1024),
  SITE_SCAN_MAX_REDIRECTS: integer(0, 20),
  SITE_SCAN_MAX_SECONDS: integer(1, DAY),
  SITE_SCAN_REQUESTS_PER_HOST: integer(1, 32),
  SITE_SCAN_MAX_CRAWL_DELAY_SECONDS: integer(0, 60),
  SITE_SCAN_PAGE_TIMEOUT_SECONDS: integer(1, 120),
  SITE_SCAN_PRIVATE_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must list origins like http://10.0.0.5:8080' })))
    .transform((origins) => origins.map((origin) => new URL(origin).origin))
    .optional(),
  PLAGIARISM_ORGANISATION_DOCUMENTS: flag(),
  PII_VAULT_KEY: z.string().min(32, 'must be at least 32 characters long').optional(),
  LLM_BASE_URL: url(['http:', 'https:'], 'http://127.0.0.1:11434/v1').optional(),
  LLM_API_KEY: z.string().trim().min(1).optional(),
  LLM_MODELS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .optional(),
  LLM_MODEL_PATH: z.string().trim().min(1).optional(),
  DETECTOR_MODEL_PATH: z.string().trim().min(1).optional(),
  MODELS_DIR: z.string().trim().min(1).optional(),
  LLM_TIMEOUT_SECONDS: integer(1, 3_600),
  LLM_MAX_RETRIES: integer(0, 10),
  GENERATE_MODEL: z.string().trim().min(1).max(200).optional(),
  GENERATE_MODEL_PATH: z.string().trim().min(1).optional(),
  CHAT_DAILY_TOKENS: integer(0, 1_000_000_000),
  API_SYNC_TIMEOUT_SECONDS: integer(1, 300),
  API_CORS_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((s) => s.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must list origins like https://app.example.com' })))
    .optional(),
  WEBHOOK_RETRY_SECONDS: integer(0, DAY),
});

/** Defaults that are computed rather than fixed strings. */
const computedDefaults = new Set<EnvName>(['PUBLIC_URL', 'WEB_DIST_DIR']);

/** Parses the configuration (blank counts as unset); throws `ConfigError` listing every problem. */
export function parseEnv(source: EnvSource, options: { cwd?: string } = {}): Config {
  const cwd = options.cwd ?? process.cwd();
  const raw: Record<string, string | undefined> = {};
  for (const [name, spec] of Object.entries(envTable) as [EnvName, (typeof envTable)[EnvName]][]) {
    const value = source[name];
    const given = value === undefined || value.trim() === '' ? undefined : value;
    raw[name] = given ?? (computedDefaults.has(name) ? undefined : (spec.default ?? undefined));
  }
  const parsed = envSchema.safeParse(raw);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
  const trustProxy = parseTrustProxy(raw.TRUST_PROXY ?? 'false');
  if (trustProxy === undefined)
    problems.push('TRUST_PROXY: must be true, false, a hop count or a comma list of addresses');
  if (raw.PAYMENT_PROVIDER === 'stripe') {
    if (!raw.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: is needed when PAYMENT_PROVIDER is stripe');
    if (!raw.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: is needed when PAYMENT_PROVIDER is stripe');
  }
  if (raw.LLM_BASE_URL && !raw.LLM_MODELS?.trim()) problems.push('LLM_MODELS: is needed when LLM_BASE_URL is set');
  if (!parsed.success || trustProxy === undefined || problems.length > 0) throw new ConfigError([...new Set(problems)]);

  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(cwd, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl,
    secureCookies: new URL(publicUrl).protocol === 'https:',
    jwtSecret: env.JWT_SECRET,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
    otpTtlSeconds: env.OTP_TTL_SECONDS,
    otpResendCooldownSeconds: env.OTP_RESEND_COOLDOWN_SECONDS,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    services: [...new Set(env.SERVICES)],
    logLevel: env.LOG_LEVEL,
    trustProxy,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(cwd, env.WEB_DIST_DIR) : defaultWebDistDir(),
    authRateLimit: {
      perIp: env.AUTH_RATE_LIMIT_PER_IP,
      perAccount: env.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    referral: { referrerTokens: env.REFERRAL_REFERRER_TOKENS, refereeTokens: env.REFERRAL_REFEREE_TOKENS },
    contactEmailTo: env.CONTACT_EMAIL_TO ?? env.MAIL_FROM,
    oidc: {
      issuer: env.OIDC_ISSUER.replace(/\/+$/, ''),
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      flow: env.OIDC_FLOW,
    },
    payment: {
      provider: env.PAYMENT_PROVIDER,
      stripe:
        env.PAYMENT_PROVIDER === 'stripe' && env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL }
          : undefined,
      checkoutSessionTtlMinutes: env.CHECKOUT_SESSION_TTL_MINUTES,
      subscriptionSweepSeconds: env.SUBSCRIPTION_SWEEP_SECONDS,
    },
    tools: {
      detectorModel: detectorModelFrom(env, cwd),
      detectorModelsDir: env.DETECTOR_MODEL_PATH?.trim().toLowerCase() === 'none' ? undefined : modelsDirFrom(env, cwd),
      engineThreads: env.ENGINE_THREADS === 0 ? availableParallelism() : env.ENGINE_THREADS,
      engineMaxHeapMb: env.ENGINE_MAX_HEAP_MB,
      jobTimeoutSeconds: env.JOB_TIMEOUT_SECONDS,
      jobsPerUser: env.JOBS_PER_USER,
      generation: {
        endpoint:
          env.LLM_BASE_URL && env.LLM_MODELS?.length
            ? { baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''), apiKey: env.LLM_API_KEY, models: env.LLM_MODELS }
            : undefined,
        modelPaths: [
          ...new Set(
            [env.LLM_MODEL_PATH, env.GENERATE_MODEL_PATH].filter((p) => p).map((p) => path.resolve(cwd, p as string)),
          ),
        ],
        defaultModel: env.GENERATE_MODEL,
        timeoutSeconds: env.LLM_TIMEOUT_SECONDS,
        maxRetries: env.LLM_MAX_RETRIES,
      },
      sourceFetch: {
        privateAllowList: env.SOURCE_FETCH_ALLOW_PRIVATE,
        maxBytes: env.SOURCE_FETCH_MAX_BYTES,
        timeoutSeconds: env.SOURCE_FETCH_TIMEOUT_SECONDS,
      },
      organisationDocuments: env.PLAGIARISM_ORGANISATION_DOCUMENTS,
      siteScan: {
        maxPages: env.SITE_SCAN_MAX_PAGES,
        maxDepth: env.SITE_SCAN_MAX_DEPTH,
        maxPageBytes: env.SITE_SCAN_MAX_PAGE_BYTES,
        maxRedirects: env.SITE_SCAN_MAX_REDIRECTS,
        maxSeconds: Math.max(1, Math.min(env.SITE_SCAN_MAX_SECONDS, Math.floor(env.JOB_TIMEOUT_SECONDS * 0.8))),
        requestsPerHost: env.SITE_SCAN_REQUESTS_PER_HOST,
        maxCrawlDelaySeconds: env.SITE_SCAN_MAX_CRAWL_DELAY_SECONDS,
        pageTimeoutSeconds: env.SITE_SCAN_PAGE_TIMEOUT_SECONDS,
        privateOrigins: env.SITE_SCAN_PRIVATE_ORIGINS ?? [],
        userAgent: `Mozilla/5.0 (compatible; CandorSiteScanner/1.0; +${publicUrl}/seo-scanner)`,
      },
    },
    governance: {
      vaultKey: env.PII_VAULT_KEY,
      llm: {
        endpoint:
          env.LLM_BASE_URL && env.LLM_MODELS?.length
            ? { baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''), apiKey: env.LLM_API_KEY, models: env.LLM_MODELS }
            : undefined,
        modelPath: env.LLM_MODEL_PATH ? path.resolve(cwd, env.LLM_MODEL_PATH) : undefined,
        timeoutSeconds: env.LLM_TIMEOUT_SECONDS,
        maxRetries: env.LLM_MAX_RETRIES,
      },
      chatDailyTokens: env.CHAT_DAILY_TOKENS === 0 ? null : env.CHAT_DAILY_TOKENS,
    },
    api: {
      syncTimeoutSeconds: env.API_SYNC_TIMEOUT_SECONDS,
      corsOrigins: env.API_CORS_ORIGINS ?? [],
      webhookRetrySeconds: env.WEBHOOK_RETRY_SECONDS,
    },
  };
}

/** DETECTOR_MODEL_PATH, else LLM_MODEL_PATH, resolved against `cwd`; `none` turns the local detector model off. */
function detectorModelFrom(
  env: { DETECTOR_MODEL_PATH?: string | undefined; LLM_MODEL_PATH?: string | undefined },
  cwd: string,
): ToolsConfig['detectorModel'] {
  const own = env.DETECTOR_MODEL_PATH?.trim();
  if (own?.toLowerCase() === 'none') return undefined;
  if (own) return { path: path.resolve(cwd, own), from: 'DETECTOR_MODEL_PATH' };
  const shared = env.LLM_MODEL_PATH?.trim();
  return shared ? { path: path.resolve(cwd, shared), from: 'LLM_MODEL_PATH' } : undefined;
}

/** MODELS_DIR, else DATA_DIR/models, resolved against `cwd`. */
function modelsDirFrom(env: { MODELS_DIR?: string | undefined; DATA_DIR?: string | undefined }, cwd: string): string {
  const own = env.MODELS_DIR?.trim();
  return own ? path.resolve(cwd, own) : path.resolve(cwd, env.DATA_DIR?.trim() || './.data', 'models');
}

/** Where the batch CLI's detectors look for a fetched model: MODELS_DIR, unless DETECTOR_MODEL_PATH is none. */
export function readDetectorModelsDir(source: EnvSource = process.env, cwd = process.cwd()): string | undefined {
  return source.DETECTOR_MODEL_PATH?.trim().toLowerCase() === 'none' ? undefined : readModelsDir(source, cwd);
}

/** The models folder for `npm run models:fetch`, which needs nothing else from the environment. */
export function readModelsDir(source: EnvSource = process.env, cwd = process.cwd()): string {
  return modelsDirFrom({ MODELS_DIR: source.MODELS_DIR, DATA_DIR: source.DATA_DIR }, cwd);
}

/**
 * The AI Detector's local model for the batch CLI, which needs nothing else from the environment (so an unrelated
 * setting can't stop it). Same rules as the server's.
 */
export function readDetectorModel(source: EnvSource = process.env, cwd = process.cwd()): ToolsConfig['detectorModel'] {
  const blank = (value: string | undefined) => (value?.trim() ? value : undefined);
  return detectorModelFrom(
    { DETECTOR_MODEL_PATH: blank(source.DETECTOR_MODEL_PATH), LLM_MODEL_PATH: blank(source.LLM_MODEL_PATH) },
    cwd,
  );
}

/** The process's configuration; the one place that reads `process.env`. */
export function loadConfig(): Config {
  return parseEnv(process.env);
}

function parseTrustProxy(value: string): Config['trustProxy'] | undefined {
  const v = value.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.every((s) => /^[0-9a-f.:/]+$/.test(s) || ['loopback', 'linklocal', 'uniquelocal'].includes(s))
    ? list
    : undefined;
}

/** `dist` beside @candor/web's package.json, found through resolution so it works from source and bundle alike. */
function defaultWebDistDir(): string | null {
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve('@candor/web/package.json')), 'dist');
  } catch {
    return null;
  }
}

/** What the test helpers need to know about their surroundings (kept here: the only reader of `process.env`). */
export function readTestSettings(source: EnvSource = process.env) {
  const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  return {
    databaseUrl: blank(source.DATABASE_URL),
    redisUrl: blank(source.REDIS_URL),
    ci: source.CI === 'true' || source.CI === '1',
    /** The detectors' language model for the tests that need it (.ci/run fetches it; npm run models:fetch). */
    detectorModel: blank(source.CANDOR_TEST_DETECTOR_MODEL),
  };
}
