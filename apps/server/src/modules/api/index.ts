import type { FastifyInstance } from 'fastify';

/** The public API service (`/api/public/`): API keys and the key-authenticated REST API arrive with their issue. */
export async function publicApiModule(_app: FastifyInstance) {}
