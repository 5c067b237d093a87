import type { PiiEntityInfoDto, PiiPolicyDto } from '@candor/contracts/governance';
import type { DocumentAnalysis } from '@candor/contracts/tools';

export type Finding = DocumentAnalysis['findings'][number];
export type EntityType = Finding['type'];

/** The findings a policy redacts: those of its entities that score at least the entity's threshold. */
export function policySelection(findings: readonly Finding[], policy: PiiPolicyDto): Set<number> {
  const thresholds = new Map(policy.entities.map((entity) => [entity.type, entity.threshold]));
  const selected = new Set<number>();
  findings.forEach((finding, index) => {
    const threshold = thresholds.get(finding.type);
    if (threshold !== undefined && finding.score >= threshold) selected.add(index);
  });
  return selected;
}

/** How many findings a policy would redact, for the picker's labels. */
export const policyCount = (findings: readonly Finding[], policy: PiiPolicyDto) =>
  policySelection(findings, policy).size;

/** Whether the selection is exactly what the policy picks (else the user has customised it). */
export function matchesPolicy(findings: readonly Finding[], policy: PiiPolicyDto, selected: ReadonlySet<number>) {
  const picked = policySelection(findings, policy);
  return picked.size === selected.size && [...picked].every((index) => selected.has(index));
}

/** The indices of the findings of one entity type, in text order. */
export const findingsOfType = (findings: readonly Finding[], type: EntityType) =>
  findings.flatMap((finding, index) => (finding.type === type ? [index] : []));

/** The selection with every finding of `indices` turned on or off; the rest untouched. */
export function withFindings(selected: ReadonlySet<number>, indices: readonly number[], on: boolean): Set<number> {
  const next = new Set(selected);
  for (const index of indices) {
    if (on) next.add(index);
    else next.delete(index);
  }
  return next;
}

export type CheckState = 'all' | 'some' | 'none';

/** Whether all, some or none of `indices` are selected: a group's checkbox is checked, mixed or clear. */
export function checkState(selected: ReadonlySet<number>, indices: readonly number[]): CheckState {
  const on = indices.filter((index) => selected.has(index)).length;
  if (on === 0) return 'none';
  return on === indices.length ? 'all' : 'some';
}

export interface EntityEntry {
  type: EntityType;
  name: string;
  description: string;
  /** The entity's findings in text order. */
  indices: number[];
}

export interface EntityGroupEntry {
  group: string;
  /** Position of the group in the catalogue: its colour, stable from one document to the next. */
  position: number;
  entities: EntityEntry[];
  indices: number[];
}

/** "EMAIL_ADDRESS" → "Email address", for a type the catalogue does not name. */
export const typeLabel = (type: string) => {
  const words = type.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const OTHER_GROUP = 'Other';

/**
 * The entity types found in the document, grouped as the catalogue groups them (in its order), each with its
 * findings; a type the catalogue does not know goes under "Other" so no finding is hidden.
 */
export function groupFindings(
  findings: readonly Finding[],
  catalogue: readonly PiiEntityInfoDto[],
): EntityGroupEntry[] {
  const groupOrder = [...new Set(catalogue.map((entity) => entity.group as string))];
  const known = new Map(catalogue.map((entity) => [entity.type, entity]));
  const byType = new Map<EntityType, number[]>();
  for (const [index, finding] of findings.entries()) {
    byType.set(finding.type, [...(byType.get(finding.type) ?? []), index]);
  }

  const groups = new Map<string, EntityEntry[]>();
  // Catalogue order within a group, then unknown types by name.
  const types = [...byType.keys()].sort((a, b) => {
    const order = (type: EntityType) => catalogue.findIndex((entity) => entity.type === type);
    const [oa, ob] = [order(a), order(b)];
    if (oa !== -1 && ob !== -1) return oa - ob;
    if (oa !== -1 || ob !== -1) return oa === -1 ? 1 : -1;
    return a.localeCompare(b);
  });
  for (const type of types) {
    const info = known.get(type);
    const group = info?.group ?? OTHER_GROUP;
    groups.set(group, [
      ...(groups.get(group) ?? []),
      {
        type,
        name: info?.name ?? typeLabel(type),
        description: info?.description ?? '',
        indices: byType.get(type) ?? [],
      },
    ]);
  }
  const position = (group: string) => (group === OTHER_GROUP ? groupOrder.length : groupOrder.indexOf(group));
  return [...groups.entries()]
    .map(([group, entities]) => ({
      group,
      position: position(group),
      entities,
      indices: entities.flatMap((entity) => entity.indices).sort((a, b) => a - b),
    }))
    .sort((a, b) => a.position - b.position);
}

/** Each entity type's group position, for colouring findings by group. */
export function groupPositions(groups: readonly EntityGroupEntry[]): Map<EntityType, number> {
  return new Map(groups.flatMap((group) => group.entities.map((entity) => [entity.type, group.position] as const)));
}
