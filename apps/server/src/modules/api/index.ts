import type { ProductId } from '@candor/contracts';
import type { FastifyInstance } from 'fastify';

/** The catalogue products this service offers: none until API keys and the key-authenticated REST API exist. */
export const publicApiProducts: readonly ProductId[] = [];

/** The public API service (`/api/public/`): API keys and the key-authenticated REST API arrive with their issue. */
export async function publicApiModule(_app: FastifyInstance) {}
