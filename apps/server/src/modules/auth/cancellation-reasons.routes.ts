import { type CancellationReasons, cancellationReasonsQuerySchema } from '@candor/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../http/errors.js';
import type { CancellationReasonsRepository } from './cancellation-reasons.repository.js';

export async function cancellationReasonsRoutes(app: FastifyInstance, opts: { repo: CancellationReasonsRepository }) {
  app.get('/services/cancellation-reasons/', async (request): Promise<CancellationReasons> => {
    const { source } = parseWith(cancellationReasonsQuerySchema, request.query);
    return { items: await opts.repo.list(source) };
  });
}
