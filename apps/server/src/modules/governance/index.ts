import type { FastifyInstance } from 'fastify';

/** The governance service (`/api/governance/`): PII, secure LLM chat and redaction arrive with their issues. */
export async function governanceModule(_app: FastifyInstance) {}
