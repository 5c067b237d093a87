import type { ProductId } from '@candor/contracts';
import type { Database } from '@candor/db';
import type { FastifyInstance } from 'fastify';
import type { GovernanceConfig } from '../../config/env.js';
import { catalogueRoutes } from './catalogue.routes.js';
import { createChatsRepository } from './chats.repository.js';
import { chatsRoutes } from './chats.routes.js';
import { createChatService } from './chats.service.js';
import { providerFromConfig } from './llm-providers.js';
import { createVaultCipher, createVaultRepository } from './vault.js';

/** The catalogue products this service offers beside its tools (the Document Redactor is a tool of the registry). */
export const governanceProducts: readonly ProductId[] = ['secure-llm'];

export interface GovernanceModuleOptions {
  db: Database;
  config: GovernanceConfig;
  vaultKey: string;
  clock: () => Date;
}

/** The governance service (`/api/governance/`): the PII catalogue and Secure LLM Chat; every route needs a session. */
export async function governanceModule(app: FastifyInstance, opts: GovernanceModuleOptions) {
  const llm = await providerFromConfig(opts.config.llm);
  if (llm) app.addHook('onClose', () => llm.close());
  const chats = createChatService({
    db: opts.db,
    repo: createChatsRepository(opts.db),
    vault: createVaultRepository(createVaultCipher(opts.vaultKey)),
    llm,
    dailyTokens: opts.config.chatDailyTokens,
    clock: opts.clock,
    log: app.log,
  });
  await app.register(catalogueRoutes);
  await app.register(chatsRoutes, { chats });
}
