import type { FastifyInstance } from 'fastify';

/**
 * The spec's client sends an optional parameter it has no value for as `name=` (§7:
 * `plan-checkout-session/{id}?subscription_type=&coupon_code=`), so on every route an empty query value is no value:
 * it is dropped before any route reads the query, and a repeated one keeps only its non-empty values.
 */
export function registerEmptyQueryAsAbsent(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const query = request.query as Record<string, unknown> | null | undefined;
    if (!query || typeof query !== 'object') return;
    for (const [name, value] of Object.entries(query)) {
      if (value === '') {
        delete query[name];
      } else if (Array.isArray(value) && value.includes('')) {
        const kept = value.filter((item) => item !== '');
        if (kept.length === 0) delete query[name];
        else query[name] = kept.length === 1 ? kept[0] : kept;
      }
    }
  });
}
