import type { PlagiarismSourceOptions } from '@candor/contracts/tools';
import type { Database } from '@candor/db';
import type { FastifyInstance } from 'fastify';
import type { ToolsConfig } from '../../../config/env.js';
import { currentUser } from '../../../http/auth.js';
import { allowsAnyPrivate } from '../../../http/private-allow-list.js';
import { countMyDocuments } from './earlier-documents.js';

/** What the Copyright Detector's source picker can offer the signed-in user. */
export async function plagiarismRoutes(app: FastifyInstance, opts: { db: Database; config: ToolsConfig }) {
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/v1/tools/plagiarism/sources',
    async (request): Promise<PlagiarismSourceOptions> => ({
      my_documents: await countMyDocuments(opts.db, currentUser(request).id),
      organisation_documents: opts.config.organisationDocuments,
      // The picker only stops obviously private addresses as typed; the server judges each against the allow-list.
      private_addresses: allowsAnyPrivate(opts.config.sourceFetch.privateAllowList),
    }),
  );
}
