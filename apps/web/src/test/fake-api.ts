import type * as ApiClientModule from '@/lib/api-client';

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const notFoundResponse = () => jsonResponse(404, { error: { code: 'not_found', message: 'Not found' } });

/**
 * The api-client module with its `api` answering from `respond` instead of the network, for a `vi.mock` factory:
 * the real client (CSRF, retries, error parsing) runs, only the transport is fake.
 */
export function withFakeApi(
  actual: typeof ApiClientModule,
  respond: (request: Request) => Response | Promise<Response>,
): typeof ApiClientModule {
  const api = actual.createApiClients({
    bases: {
      auth: 'http://t/api/auth/',
      payment: 'http://t/api/payment/',
      detector: 'http://t/api/detector/',
      governance: 'http://t/api/governance/',
      api: 'http://t/api/public/',
    },
    fetch: (async (input: Request) => respond(input)) as unknown as typeof fetch,
    readCookie: () => undefined,
  });
  return { ...actual, api };
}
