import { z } from 'zod';

/**
 * The public API service (`/api/public/`): API keys and webhooks managed from the account page (cookie session), and
 * the key-authenticated REST API under `/api/public/v1/` (docs/api.md). Every tool in the tool registry is a resource
 * there; its input and result schemas are the tool's own, so they are not repeated here.
 */

/** Secrets start with this, so a leaked key is recognisable by a scanner (with its checksum) without the database. */
export const API_KEY_PREFIX = 'cnd_live_';
/** Random part (base62) and checksum (base62 CRC-32, zero-padded) of a key. */
export const API_KEY_RANDOM_LENGTH = 32;
export const API_KEY_CHECKSUM_LENGTH = 6;
export const API_KEY_NAME_MAX = 64;
/** Keys one account may hold at once (revoked ones do not count). */
export const API_KEYS_PER_ACCOUNT = 10;
export const API_KEY_EXPIRY_DAYS_MAX = 365 * 2;
/** How long a repeated `Idempotency-Key` returns the first answer. */
export const IDEMPOTENCY_TTL_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX = 255;
/** The API's version: the path segment of every key-authenticated route. */
export const PUBLIC_API_VERSION = 'v1';

/** Who may hold keys, in the words the pricing tab, the account page and the docs use. */
export const API_ACCESS_RULE =
  'API keys need a plan with API access: every API Agent plan has it, and any other plan whose limits list API requests per minute. Keys stop working while the plan lacks it, and work again once it has it.';

/** A key as listed: never its secret. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret (`cnd_live_Ab3x`), to tell keys apart. */
  prefix: z.string(),
  last_four: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** Whether the account may create and use keys now, and why not. */
export const apiAccessSchema = z.object({
  allowed: z.boolean(),
  /** Requests per minute each key may make; null without access. */
  requests_per_minute: z.number().int().nullable(),
  /** The plan that grants it (or lacks it), by name; null without any plan. */
  plan_name: z.string().nullable(),
  /** Why not, when not allowed. */
  reason: z.string().nullable(),
  max_keys: z.number().int(),
});
export type ApiAccess = z.infer<typeof apiAccessSchema>;

/** `GET v1/my-api-keys/`: the account's live keys, newest first, and its access. */
export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema), access: apiAccessSchema });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** `POST v1/my-api-keys/`. */
export const apiKeyCreateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name the key')
    .max(API_KEY_NAME_MAX, `A key's name is at most ${API_KEY_NAME_MAX} characters`),
  /** Days until the key stops working; none: it never expires. */
  expires_in_days: z
    .number()
    .int('Give a whole number of days')
    .min(1, 'A key lasts at least a day')
    .max(API_KEY_EXPIRY_DAYS_MAX, `A key lasts at most ${API_KEY_EXPIRY_DAYS_MAX} days`)
    .nullable()
    .optional(),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;

/** The created key and its secret: the only answer that ever holds it. */
export const apiKeyCreatedSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

// --- Webhooks -----------------------------------------------------------------------------------------------------

export const webhookEventTypes = ['job.succeeded', 'job.failed', 'job.cancelled', 'ping'] as const;
export const webhookEventTypeSchema = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** Header of every delivery: `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}" under the signing secret}`. */
export const WEBHOOK_SIGNATURE_HEADER = 'candor-signature';
/** A receiver should refuse signatures older than this. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** The first characters of the signing secret (`whsec_Ab3x`). */
  secret_prefix: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointStateSchema = z.object({
  endpoint: webhookEndpointSchema.nullable(),
  /** Whether the server delivers to private and loopback addresses (self-hosting), as the URL check follows it. */
  private_addresses: z.boolean(),
});
export type WebhookEndpointState = z.infer<typeof webhookEndpointStateSchema>;

export const webhookEndpointInputSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2_048, 'A webhook address is at most 2,048 characters long')
    .pipe(z.url({ protocol: /^https?$/, error: 'Enter a web address that starts with http:// or https://' })),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInputSchema>;

/** `PUT v1/webhook-endpoint` creating an endpoint, and `…/roll-secret`: the secret, shown this once. */
export const webhookEndpointSavedSchema = z.object({
  endpoint: webhookEndpointSchema,
  /** Only when it is new (a first endpoint, or a rolled secret). */
  secret: z.string().nullable(),
});
export type WebhookEndpointSaved = z.infer<typeof webhookEndpointSavedSchema>;

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: webhookEventTypeSchema,
  /** The job the event is about; null for a ping. */
  job_id: z.string().nullable(),
  url: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  /** The receiver's last HTTP status, when it answered. */
  response_status: z.number().int().nullable(),
  /** Why the last attempt failed, when it did. */
  error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

// --- The key-authenticated API ------------------------------------------------------------------------------------

/** Stripe's error types: what kind of failure it is, before its `code` says which. */
export const publicApiErrorTypes = [
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'rate_limit_error',
  'quota_error',
  'idempotency_error',
  'api_error',
] as const;

/** The one error shape of `/api/public/v1/…`: `{ error: { type, code, message, param, request_id } }`. */
export const publicApiErrorSchema = z.object({
  error: z.object({
    type: z.enum(publicApiErrorTypes),
    code: z.string(),
    message: z.string(),
    /** The field at fault (`text`, `sources.urls.0`), when one is. */
    param: z.string().nullable(),
    /** Every field at fault, for a validation error; the balance, for a quota error. */
    details: z.unknown().optional(),
    request_id: z.string(),
  }),
});
export type PublicApiError = z.infer<typeof publicApiErrorSchema>;

export const publicJobStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;

/** A file a run produced (the Document Redactor's redacted document), downloaded from its `url` with the key. */
export const publicRunFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  media_type: z.string(),
  bytes: z.number().int(),
  url: z.string(),
});
export type PublicRunFile = z.infer<typeof publicRunFileSchema>;

/** A job of the API: what `POST /v1/{tool}`, `POST /v1/jobs` and `GET /v1/jobs/{id}` answer. */
export const publicJobSchema = z.object({
  id: z.string(),
  object: z.literal('job'),
  tool: z.string(),
  status: z.enum(publicJobStatuses),
  progress: z.object({ percent: z.number(), stage: z.string() }),
  /** Tokens the run costs: reserved when it starts, charged only when its result is stored. */
  cost: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** Where to poll it. */
  status_url: z.string(),
  /** The stored run (the History item), once succeeded. */
  run_id: z.string().nullable(),
  /** The tool's result, once succeeded: the typed object its screen shows. */
  result: z.unknown().nullable(),
  files: z.array(publicRunFileSchema),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type PublicJob = z.infer<typeof publicJobSchema>;

/** `POST /v1/jobs`. */
export const publicJobCreateSchema = z.object({
  tool: z.string().min(1, 'Name the tool to run'),
  input: z.unknown(),
});

/** A stored run, read back after its job has expired: `GET /v1/runs/{id}`. */
export const publicRunSchema = z.object({
  id: z.string(),
  object: z.literal('run'),
  tool: z.string(),
  model_name: z.string(),
  title: z.string(),
  cost: z.number().int(),
  created_at: z.string(),
  /** `api` for runs made with a key, `web` for the screens'. */
  source: z.enum(['api', 'web']),
  result: z.unknown().nullable(),
  files: z.array(publicRunFileSchema),
});
export type PublicRun = z.infer<typeof publicRunSchema>;

export const publicBalanceSchema = z.object({
  object: z.literal('balance'),
  token_balance: z.number().int(),
  plan_balance: z.number().int(),
  referral_token_balance: z.number().int(),
  /** -1 when the plan is unlimited. */
  total: z.number().int(),
});
export type PublicBalance = z.infer<typeof publicBalanceSchema>;
