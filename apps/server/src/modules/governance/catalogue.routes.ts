import {
  type EntityGroupList,
  type FullEntityList,
  type FullPolicyList,
  type PiiDetectResponse,
  piiDetectRequestSchema,
} from '@candor/contracts/governance';
import { detectPii, piiEntityCatalogue, piiEntityGroups, piiPolicies } from '@candor/engine-pii';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../http/errors.js';

const entityGroups: EntityGroupList = {
  groups: piiEntityGroups.map((group) => ({
    group,
    entities: piiEntityCatalogue.filter((entity) => entity.group === group),
  })),
};

const policyList: FullPolicyList = {
  policies: piiPolicies.map((policy) => ({
    id: policy.id,
    name: policy.name,
    description: policy.description,
    entities: Object.entries(policy.thresholds).map(([type, threshold]) => ({
      type: type as FullPolicyList['policies'][number]['entities'][number]['type'],
      threshold: threshold as number,
    })),
  })),
};

/** The PII catalogue (spec §7 governance calls) and the masking preview. */
export async function catalogueRoutes(app: FastifyInstance) {
  app.addHook('preHandler', app.requireUser);

  app.get('/entities', async (): Promise<EntityGroupList> => entityGroups);
  app.get('/gcp/pii/full_entity_list', async (): Promise<FullEntityList> => ({ entity_list: [...piiEntityCatalogue] }));
  app.get('/gcp/pii/full_policy_list', async (): Promise<FullPolicyList> => policyList);

  app.post('/v1/pii/detect', async (request): Promise<PiiDetectResponse> => {
    const body = parseWith(piiDetectRequestSchema, request.body);
    const findings = detectPii(body.text, body.entities ? { entities: body.entities } : {});
    return { findings: findings.map(({ start, end, type, score, text }) => ({ start, end, type, score, text })) };
  });
}
