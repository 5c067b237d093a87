import type { EntityGroupList, PiiEntityInfoDto } from '@candor/contracts/governance';
import { z } from 'zod';
import { readStorage, writeStorage } from '@/lib/storage';
import type { EntityType } from './masks';

/** localStorage: the entity types the user turned off (so types added later start on). */
export const MASKED_ENTITIES_STORAGE_KEY = 'secure-llm:unmasked-entities';

const storedSchema = z.array(z.string()).catch([]);

export function readDisabledEntities(): Set<string> {
  const raw = readStorage('local', MASKED_ENTITIES_STORAGE_KEY);
  if (!raw) return new Set();
  try {
    return new Set(storedSchema.parse(JSON.parse(raw)));
  } catch {
    return new Set();
  }
}

export function writeDisabledEntities(disabled: ReadonlySet<string>) {
  writeStorage('local', MASKED_ENTITIES_STORAGE_KEY, JSON.stringify([...disabled].sort()));
}

/** Spec §3: the grouped catalogue, flattened in display order. */
export const flattenEntities = (list: EntityGroupList): PiiEntityInfoDto[] => list.groups.flatMap((g) => g.entities);

/**
 * The `entities` to ask the preview for: undefined when every type is on (the server then looks for all of them,
 * including types this screen does not know yet), else the types left on.
 */
export function entitiesToDetect(all: readonly EntityType[], disabled: ReadonlySet<string>): EntityType[] | undefined {
  if (all.every((type) => !disabled.has(type))) return undefined;
  return all.filter((type) => !disabled.has(type));
}

export type GroupState = 'on' | 'off' | 'mixed';

export function groupState(types: readonly EntityType[], disabled: ReadonlySet<string>): GroupState {
  const off = types.filter((type) => disabled.has(type)).length;
  return off === 0 ? 'on' : off === types.length ? 'off' : 'mixed';
}

/** Turns a set of types on or off together (a group switch). */
export function setTypes(disabled: ReadonlySet<string>, types: readonly EntityType[], on: boolean): Set<string> {
  const next = new Set(disabled);
  for (const type of types) {
    if (on) next.delete(type);
    else next.add(type);
  }
  return next;
}

/** A readable name for a type the catalogue has not named: PERSON_NAME → "Person name". */
export function humanizeType(type: string): string {
  const words = type.toLowerCase().split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
