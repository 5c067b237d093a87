import {
  type FullEntityList,
  type FullPolicyList,
  fullEntityListSchema,
  fullPolicyListSchema,
} from '@candor/contracts/governance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseJson } from '@/lib/api-client';

export const piiCatalogueKeys = {
  all: ['pii-catalogue'] as const,
  policies: () => [...piiCatalogueKeys.all, 'policies'] as const,
  entities: () => [...piiCatalogueKeys.all, 'entities'] as const,
};

/** The catalogue changes only with a new server version: read once a session. */
const CATALOGUE_STALE_MS = 60 * 60 * 1000;

export const fetchPiiPolicies = (): Promise<FullPolicyList> =>
  parseJson(api.governance.get('gcp/pii/full_policy_list'), fullPolicyListSchema);

export const fetchPiiEntities = (): Promise<FullEntityList> =>
  parseJson(api.governance.get('gcp/pii/full_entity_list'), fullEntityListSchema);

export const piiPoliciesQueryOptions = () =>
  queryOptions({ queryKey: piiCatalogueKeys.policies(), queryFn: fetchPiiPolicies, staleTime: CATALOGUE_STALE_MS });

export const piiEntitiesQueryOptions = () =>
  queryOptions({ queryKey: piiCatalogueKeys.entities(), queryFn: fetchPiiEntities, staleTime: CATALOGUE_STALE_MS });

/** The redaction policies (HIPAA, GDPR, …), each with its entities and their thresholds. */
export const usePiiPolicies = () => useQuery(piiPoliciesQueryOptions());

/** Every entity type with its name, group and description. */
export const usePiiEntities = () => useQuery(piiEntitiesQueryOptions());
