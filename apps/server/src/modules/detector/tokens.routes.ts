import { type ModelCoefficients, serviceNameSchema, serviceNames, type TokenBalance } from '@candor/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import type { TokensRepository } from './tokens.repository.js';

export async function tokensRoutes(app: FastifyInstance, opts: { repo: TokensRepository }) {
  app.addHook('preHandler', app.requireUser);

  app.get('/ai-detector/user-token-balance/', async (request): Promise<TokenBalance> => {
    const row = await opts.repo.balance(currentUser(request).id);
    return {
      token_balance: row?.tokenBalance ?? 0,
      plan_balance: row?.planBalance ?? 0,
      referral_token_balance: row?.referralTokenBalance ?? 0,
    };
  });

  app.get('/ai-detector/model-coefficient-values', async (): Promise<ModelCoefficients> => {
    const order = new Map<string, number>(serviceNames.map((name, i) => [name, i]));
    const items = (await opts.repo.coefficients()).flatMap((row) => {
      // Rows for services the contract doesn't know yet stay server-side.
      const name = serviceNameSchema.safeParse(row.modelName);
      return name.success ? [{ model_name: name.data, coefficient: row.coefficient, unit: row.unit }] : [];
    });
    items.sort((a, b) => (order.get(a.model_name) ?? 0) - (order.get(b.model_name) ?? 0));
    return { items };
  });
}
