import {
  type ModelCoefficients,
  serviceNameSchema,
  serviceNames,
  TOKEN_STATS_MAX_DAYS,
  type TokenBalance,
  type TokenStats,
  tokenStatsQuerySchema,
} from '@candor/contracts';
import type { Database } from '@candor/db';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { AppError, parseWith } from '../../http/errors.js';
import { readBalance, usageByDay } from './ledger.js';
import type { TokensRepository } from './tokens.repository.js';

const DAY_MS = 86_400_000;
const serviceOrder = new Map<string, number>(serviceNames.map((name, i) => [name, i]));
const byServiceOrder = (a: { model_name: string }, b: { model_name: string }) =>
  (serviceOrder.get(a.model_name) ?? 0) - (serviceOrder.get(b.model_name) ?? 0);

export async function tokensRoutes(
  app: FastifyInstance,
  opts: { db: Database; repo: TokensRepository; clock: () => Date },
) {
  app.addHook('preHandler', app.requireUser);

  app.get('/ai-detector/user-token-balance/', async (request): Promise<TokenBalance> => {
    const balance = await readBalance(opts.db, currentUser(request).id);
    return { token_balance: balance.token, plan_balance: balance.plan, referral_token_balance: balance.referral };
  });

  app.get('/ai-detector/model-coefficient-values', async (): Promise<ModelCoefficients> => {
    const items = (await opts.repo.coefficients()).flatMap((row) => {
      // Rows for services the contract doesn't know yet stay server-side.
      const name = serviceNameSchema.safeParse(row.modelName);
      return name.success ? [{ model_name: name.data, coefficient: row.coefficient, unit: row.unit }] : [];
    });
    return { items: items.sort(byServiceOrder) };
  });

  app.get('/ai-detector/get-token-stats', async (request): Promise<TokenStats> => {
    const query = parseWith(tokenStatsQuerySchema, request.query);
    const today = opts.clock().toISOString().slice(0, 10);
    const from = query.from_date ?? query.to_date ?? today;
    const to = query.to_date ?? (query.from_date && query.from_date > today ? query.from_date : today);
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (days < 1) throw new AppError('validation_failed', 400, 'from_date must not be after to_date');
    if (days > TOKEN_STATS_MAX_DAYS) {
      throw new AppError('validation_failed', 400, `Ask for at most ${TOKEN_STATS_MAX_DAYS} days at a time`);
    }
    const rows = await usageByDay(opts.db, currentUser(request).id, from, to);
    const known = rows.flatMap((row) => {
      const name = serviceNameSchema.safeParse(row.modelName);
      return name.success ? [{ ...row, modelName: name.data }] : [];
    });
    const totals = new Map<string, number>();
    for (const row of known) totals.set(row.modelName, (totals.get(row.modelName) ?? 0) + row.tokens);
    return {
      from_date: from,
      to_date: to,
      total_tokens: known.reduce((sum, row) => sum + row.tokens, 0),
      days: Array.from({ length: days }, (_, i) => {
        const date = new Date(Date.parse(from) + i * DAY_MS).toISOString().slice(0, 10);
        const of = known.filter((row) => row.date === date);
        return {
          date,
          total_tokens: of.reduce((sum, row) => sum + row.tokens, 0),
          by_model: of.map((row) => ({ model_name: row.modelName, tokens: row.tokens })).sort(byServiceOrder),
        };
      }),
      by_model: [...totals].map(([model_name, tokens]) => ({ model_name, tokens })).sort(byServiceOrder),
    } as TokenStats;
  });
}
