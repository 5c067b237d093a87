import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import { builtInTools } from '../tools/index.js';
import { buildOpenApiDocument } from './openapi.js';

type Json = Record<string, unknown>;

/** Every `$ref` in the document, to check each one resolves inside it. */
function refsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsOf(inner, found);
    }
  }
  return found;
}

const resolve = (document: Json, pointer: string) =>
  pointer
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], document);

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument(builtInTools, { serverUrl: 'https://candor.test/api/public' });
  const paths = document.paths as Json;
  const schemas = (document.components as { schemas: Json }).schemas;

  it('is OpenAPI 3.1 with both ways to send a key', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys((document.components as { securitySchemes: Json }).securitySchemes)).toEqual([
      'bearerAuth',
      'apiKeyHeader',
    ]);
  });

  it.each(builtInTools.map((tool) => tool.id))(
    'has the registered tool %s: its resource, input, result and job',
    (id) => {
      const post = (paths[`/v1/${id}`] as { post?: Json } | undefined)?.post;
      expect(post, `POST /v1/${id} is missing`).toBeDefined();
      const name = id.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase());
      expect(schemas[`${name}Input`]).toBeDefined();
      expect(schemas[`${name}Result`]).toBeDefined();
      const variants = (schemas.JobCreate as { oneOf: { properties: { tool: { const: string } } }[] }).oneOf;
      expect(variants.map((v) => v.properties.tool.const)).toContain(id);
      // The responses name the rate-limit headers and the errors.
      const responses = post?.responses as Json;
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '202', '400', '401', '402', '413', '429']));
    },
  );

  it('resolves every $ref inside the document', () => {
    for (const ref of refsOf(document)) expect(resolve(document, ref), ref).toBeDefined();
  });

  it('documents the jobs, runs, errors and webhooks', () => {
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/v1/jobs', '/v1/jobs/{id}', '/v1/jobs/{id}/cancel', '/v1/runs/{id}', '/v1/balance']),
    );
    expect(Object.keys(document.webhooks as Json)).toEqual(['job.succeeded', 'job.failed', 'job.cancelled', 'ping']);
    expect(JSON.stringify(schemas.Error)).toContain('request_id');
  });

  // Found by schemathesis (public-api.api-fuzz.ts): a reused key on a cancel answered an undocumented 409, and keys
  // the document allowed (a space, an empty one) were refused.
  it('documents the 409 of a reused Idempotency-Key on every operation that takes one, and what a key may be', () => {
    const components = document.components as { parameters: Json };
    const idempotency = components.parameters.IdempotencyKey as { schema: { pattern: string; minLength: number } };
    const operations = Object.values(paths).flatMap((item) => Object.values(item as Json)) as {
      operationId: string;
      parameters?: { $ref?: string }[];
      responses: Json;
    }[];
    const taking = operations.filter((operation) =>
      operation.parameters?.some((parameter) => parameter.$ref === '#/components/parameters/IdempotencyKey'),
    );
    expect(taking.map((operation) => operation.operationId)).toEqual(
      expect.arrayContaining(['createJob', 'cancelJob']),
    );
    for (const operation of taking) expect(Object.keys(operation.responses), operation.operationId).toContain('409');
    const pattern = new RegExp(idempotency.schema.pattern);
    expect(idempotency.schema.minLength).toBe(1);
    for (const accepted of ['3f0e6c1a-6d6b-4f5e-9d1e-2a7b9c0d1e2f', 'order#42!'])
      expect(pattern.test(accepted)).toBe(true);
    for (const refused of ['with space', 'tab\there', 'caf\u00e9']) expect(pattern.test(refused), refused).toBe(false);
  });
});

describeOnEachDatabase('GET /api/public/openapi.json', (database) => {
  const t = useTestApp(database);

  it('serves the document to anyone, without a key or a cookie', async () => {
    const response = await t().app.inject({ method: 'GET', url: '/api/public/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    const served = response.json() as Json;
    expect(Object.keys(served.paths as Json)).toEqual(
      expect.arrayContaining(builtInTools.map((tool) => `/v1/${tool.id}`)),
    );
    expect((served.servers as { url: string }[])[0]?.url).toBe('http://localhost:8080/api/public');
  });
});
