import {
  API_KEY_PREFIX,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_TTL_HOURS,
  PUBLIC_API_VERSION,
  publicApiErrorSchema,
  publicBalanceSchema,
  publicJobSchema,
  publicRunSchema,
  serviceLabels,
  WEBHOOK_SIGNATURE_HEADER,
  webhookEventTypes,
} from '@candor/contracts';
import { z } from 'zod';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { bodyLimitOf } from './public.routes.js';

type Json = Record<string, unknown>;

const pascal = (id: string) =>
  id
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * A zod schema as an OpenAPI 3.1 schema object (JSON Schema 2020-12). Definitions zod hoists (recursive or shared
 * parts) move to `components.schemas` under the owner's name, since `#/$defs/…` would resolve against the document.
 */
function schemaOf(schema: z.ZodType, name: string, io: 'input' | 'output', components: Json): Json {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete json.$schema;
  const defs = (json.$defs ?? {}) as Record<string, Json>;
  delete json.$defs;
  const rename = (def: string) => `${name}_${def}`;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) =>
          k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
            ? [k, `#/components/schemas/${rename(v.slice('#/$defs/'.length))}`]
            : [k, rewrite(v)],
        ),
      );
    }
    return value;
  };
  for (const [def, body] of Object.entries(defs)) components[rename(def)] = rewrite(body);
  components[name] = rewrite(json);
  return ref(name);
}

const rateLimitHeaders = {
  'x-ratelimit-limit': { $ref: '#/components/headers/RateLimitLimit' },
  'x-ratelimit-remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'x-ratelimit-reset': { $ref: '#/components/headers/RateLimitReset' },
  'x-request-id': { $ref: '#/components/headers/RequestId' },
};

const errorResponse = (description: string, extraHeaders: Json = {}) => ({
  description,
  headers: { ...rateLimitHeaders, ...extraHeaders },
  content: { 'application/json': { schema: ref('Error') } },
});

const standardErrors = {
  '400': { $ref: '#/components/responses/BadRequest' },
  '401': { $ref: '#/components/responses/Unauthorized' },
  '403': { $ref: '#/components/responses/Forbidden' },
  '429': { $ref: '#/components/responses/RateLimited' },
  '500': { $ref: '#/components/responses/ServerError' },
};

const jsonResponse = (description: string, schema: Json, status = 'ok') => ({
  description: status === 'ok' ? description : description,
  headers: rateLimitHeaders,
  content: { 'application/json': { schema } },
});

const idempotencyParameter = { $ref: '#/components/parameters/IdempotencyKey' };
const idParameter = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', format: 'uuid' },
});

/**
 * The OpenAPI 3.1 document of the public API, built from the zod contracts and the tool registry: every registered
 * tool gets its resource, its input and result schemas and a place in `POST /v1/jobs`, with no code of its own.
 */
export function buildOpenApiDocument(tools: readonly ToolDefinition[], options: { serverUrl: string }): Json {
  const schemas: Json = {};
  const paths: Json = {};
  schemaOf(publicApiErrorSchema, 'Error', 'output', schemas);
  schemaOf(publicJobSchema, 'Job', 'output', schemas);
  schemaOf(publicRunSchema, 'Run', 'output', schemas);
  schemaOf(publicBalanceSchema, 'Balance', 'output', schemas);
  const jobVariants: Json[] = [];

  for (const tool of tools) {
    const name = pascal(tool.id);
    const label = serviceLabels[tool.modelName] ?? tool.id;
    const input = schemaOf(tool.input, `${name}Input`, 'input', schemas);
    const result = schemaOf(tool.result ?? tool.output, `${name}Result`, 'output', schemas);
    schemas[`${name}Job`] = {
      allOf: [
        ref('Job'),
        { type: 'object', properties: { tool: { const: tool.id }, result: { anyOf: [result, { type: 'null' }] } } },
      ],
    };
    jobVariants.push({
      type: 'object',
      title: label,
      required: ['tool', 'input'],
      properties: { tool: { const: tool.id }, input },
    });
    paths[`/${PUBLIC_API_VERSION}/${tool.id}`] = {
      post: {
        operationId: `run${name}`,
        tags: ['Tools'],
        summary: `${label}: run and wait for the result`,
        description:
          `Runs ${label} (${tool.modelName}) and answers with the finished job and its result. A run that takes ` +
          'longer than the synchronous time limit answers 202 with the job to poll instead. Charged like a run on ' +
          `the screens and stored in History, marked as an API run. Body up to ${bodyLimitOf(tool).toLocaleString('en-US')} bytes; ` +
          `text up to ${tool.limits.maxCharacters.toLocaleString('en-US')} characters.`,
        parameters: [idempotencyParameter],
        requestBody: { required: true, content: { 'application/json': { schema: input } } },
        responses: {
          '200': jsonResponse('The finished job with its result', ref(`${name}Job`)),
          '202': jsonResponse('Still running after the time limit: poll `status_url`', ref('Job')),
          ...standardErrors,
          '402': { $ref: '#/components/responses/InsufficientTokens' },
          '409': { $ref: '#/components/responses/Conflict' },
          '413': { $ref: '#/components/responses/TooLarge' },
          '415': { $ref: '#/components/responses/UnsupportedMediaType' },
          '422': errorResponse('The run failed on its input (nothing charged)'),
        },
      },
    };
  }
  schemas.JobCreate = { oneOf: jobVariants, discriminator: { propertyName: 'tool' } };

  paths[`/${PUBLIC_API_VERSION}/jobs`] = {
    post: {
      operationId: 'createJob',
      tags: ['Jobs'],
      summary: 'Start any tool as a job',
      parameters: [idempotencyParameter],
      requestBody: { required: true, content: { 'application/json': { schema: ref('JobCreate') } } },
      responses: {
        '202': jsonResponse('The job, queued', ref('Job')),
        ...standardErrors,
        '402': { $ref: '#/components/responses/InsufficientTokens' },
        '409': { $ref: '#/components/responses/Conflict' },
        '413': { $ref: '#/components/responses/TooLarge' },
        '415': { $ref: '#/components/responses/UnsupportedMediaType' },
      },
    },
    get: {
      operationId: 'listJobs',
      tags: ['Jobs'],
      summary: 'Your jobs still known (finished ones stay 15 minutes)',
      responses: {
        '200': jsonResponse('The jobs, newest first, without results', {
          type: 'object',
          properties: { object: { const: 'list' }, data: { type: 'array', items: ref('Job') } },
        }),
        ...standardErrors,
      },
    },
  };
  paths[`/${PUBLIC_API_VERSION}/jobs/{id}`] = {
    get: {
      operationId: 'getJob',
      tags: ['Jobs'],
      summary: 'A job, with its result once succeeded',
      parameters: [idParameter('id', 'The job id')],
      responses: {
        '200': jsonResponse('The job', ref('Job')),
        ...standardErrors,
        '404': { $ref: '#/components/responses/NotFound' },
      },
    },
  };
  paths[`/${PUBLIC_API_VERSION}/jobs/{id}/cancel`] = {
    post: {
      operationId: 'cancelJob',
      tags: ['Jobs'],
      summary: 'Cancel a job (nothing is charged unless its result was already stored)',
      parameters: [idParameter('id', 'The job id'), idempotencyParameter],
      responses: {
        '200': jsonResponse('The job, finished', ref('Job')),
        ...standardErrors,
        '404': { $ref: '#/components/responses/NotFound' },
        // An Idempotency-Key used before for another request.
        '409': { $ref: '#/components/responses/Conflict' },
      },
    },
  };
  paths[`/${PUBLIC_API_VERSION}/runs/{id}`] = {
    get: {
      operationId: 'getRun',
      tags: ['Runs'],
      summary: 'A stored run (a History item), any time after its job',
      parameters: [idParameter('id', 'The run id (`run_id` of a job)')],
      responses: {
        '200': jsonResponse('The run', ref('Run')),
        ...standardErrors,
        '404': { $ref: '#/components/responses/NotFound' },
      },
    },
  };
  paths[`/${PUBLIC_API_VERSION}/runs/{id}/files/{file_id}`] = {
    get: {
      operationId: 'getRunFile',
      tags: ['Runs'],
      summary: 'A file a run produced (the redacted document)',
      parameters: [idParameter('id', 'The run id'), idParameter('file_id', 'The file id')],
      responses: {
        '200': {
          description: 'The file',
          content: {
            'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
          },
        },
        ...standardErrors,
        '404': { $ref: '#/components/responses/NotFound' },
      },
    },
  };
  paths[`/${PUBLIC_API_VERSION}/tools`] = {
    get: {
      operationId: 'listTools',
      tags: ['Tools'],
      summary: 'The tools this server runs',
      responses: { '200': jsonResponse('The tools', { type: 'object' }), ...standardErrors },
    },
  };
  paths[`/${PUBLIC_API_VERSION}/balance`] = {
    get: {
      operationId: 'getBalance',
      tags: ['Account'],
      summary: 'Your token balance',
      responses: { '200': jsonResponse('The balance', ref('Balance')), ...standardErrors },
    },
  };

  const event = {
    type: 'object',
    required: ['id', 'object', 'type', 'created', 'data'],
    properties: {
      id: { type: 'string' },
      object: { const: 'event' },
      type: { enum: [...webhookEventTypes] },
      created: { type: 'integer', description: 'Unix seconds' },
      data: { type: 'object', properties: { object: ref('Job') } },
    },
  };
  schemas.Event = event;
  const webhooks = Object.fromEntries(
    webhookEventTypes.map((type) => [
      type,
      {
        post: {
          summary:
            type === 'ping' ? 'Sent when you test the endpoint' : `Sent when an API job ends as ${type.slice(4)}`,
          parameters: [
            {
              name: WEBHOOK_SIGNATURE_HEADER,
              in: 'header',
              required: true,
              description: 't={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}" under your signing secret}',
              schema: { type: 'string' },
            },
          ],
          requestBody: { content: { 'application/json': { schema: ref('Event') } } },
          responses: { '200': { description: 'Any 2xx acknowledges it; anything else is retried with back-off' } },
        },
      },
    ]),
  );

  return {
    openapi: '3.1.0',
    info: {
      title: 'Candor API',
      version: PUBLIC_API_VERSION,
      description:
        `Every Candor tool over HTTP. Authenticate with an API key (\`${API_KEY_PREFIX}…\`) from your account page, ` +
        'as `Authorization: Bearer <key>` or `x-api-key: <key>`. Every POST takes an `Idempotency-Key` (kept ' +
        `${IDEMPOTENCY_TTL_HOURS} h). Errors are \`{ "error": { "type", "code", "message", "param", "request_id" } }\`. ` +
        'Rate limits per key come from your plan (`x-ratelimit-*` headers; 429 with `retry-after`). The version is ' +
        'the path segment: additions (fields, tools) arrive in place, a breaking change gets a new version.',
    },
    servers: [{ url: options.serverUrl }],
    security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
    tags: [
      { name: 'Tools', description: 'One resource per tool of the registry' },
      { name: 'Jobs', description: 'Any tool, asynchronously' },
      { name: 'Runs', description: 'Stored results' },
      { name: 'Account' },
    ],
    paths,
    webhooks,
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: `An API key, ${API_KEY_PREFIX}…` },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: `Repeats with the same key get the first answer for ${IDEMPOTENCY_TTL_HOURS} h; another body with it is 409.`,
          // What the server accepts (idempotency.ts): printable ASCII without spaces.
          schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX, pattern: '^[!-~]+$' },
        },
      },
      headers: {
        RateLimitLimit: { description: 'Requests this key may make per minute', schema: { type: 'integer' } },
        RateLimitRemaining: { description: 'Requests left in this minute', schema: { type: 'integer' } },
        RateLimitReset: { description: 'Seconds until the minute resets', schema: { type: 'integer' } },
        RetryAfter: { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
        RequestId: { description: 'The request id (also `request_id` in errors)', schema: { type: 'string' } },
      },
      responses: {
        BadRequest: errorResponse('Invalid input (`param` names the field); nothing charged'),
        Unauthorized: errorResponse('Missing, malformed, revoked or expired key'),
        Forbidden: errorResponse('The plan has no API access'),
        NotFound: errorResponse('Unknown, expired or another account’s object'),
        Conflict: errorResponse('Idempotency-Key reused with another body, or still in progress'),
        InsufficientTokens: errorResponse('Not enough tokens; `details` gives the cost and balance'),
        TooLarge: errorResponse('Body or text over the limit'),
        UnsupportedMediaType: errorResponse('The body is not JSON'),
        RateLimited: errorResponse('Over the key’s requests per minute', {
          'retry-after': { $ref: '#/components/headers/RetryAfter' },
        }),
        ServerError: errorResponse('Our failure; nothing charged'),
      },
    },
  };
}
