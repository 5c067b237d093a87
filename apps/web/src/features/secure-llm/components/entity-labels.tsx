import { createContext, type ReactNode, useCallback, useContext } from 'react';
import { humanizeType } from '../lib/entity-settings';
import type { EntityType } from '../lib/masks';

const EntityLabelsContext = createContext<ReadonlyMap<EntityType, string>>(new Map());

/** The catalogue's names for entity types ("Person name"), for every mark and chip below. */
export function EntityLabelsProvider({
  labels,
  children,
}: {
  labels: ReadonlyMap<EntityType, string>;
  children: ReactNode;
}) {
  return <EntityLabelsContext.Provider value={labels}>{children}</EntityLabelsContext.Provider>;
}

export function useEntityLabel() {
  const labels = useContext(EntityLabelsContext);
  return useCallback((type: EntityType) => labels.get(type) ?? humanizeType(type), [labels]);
}
