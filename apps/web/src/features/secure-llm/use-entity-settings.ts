import { useCallback, useMemo, useState } from 'react';
import { useEntityGroups } from './api/secure-llm.queries';
import { entitiesToDetect, flattenEntities, readDisabledEntities, writeDisabledEntities } from './lib/entity-settings';
import type { EntityType } from './lib/masks';

/** Which entity types the preview masks: all by default, the user's choice kept in localStorage. */
export function useEntitySettings() {
  const groups = useEntityGroups();
  const [disabled, setDisabledState] = useState<ReadonlySet<string>>(readDisabledEntities);
  const catalogue = useMemo(() => (groups.data ? flattenEntities(groups.data) : []), [groups.data]);
  const allTypes = useMemo(() => catalogue.map((entity) => entity.type), [catalogue]);
  const labels = useMemo(
    () => new Map<EntityType, string>(catalogue.map((entity) => [entity.type, entity.name])),
    [catalogue],
  );
  // Until the catalogue has loaded, the preview looks for everything: masking more is the safe side.
  const entities = useMemo(
    () => (allTypes.length > 0 ? entitiesToDetect(allTypes, disabled) : undefined),
    [allTypes, disabled],
  );
  const setDisabled = useCallback((next: ReadonlySet<string>) => {
    setDisabledState(next);
    writeDisabledEntities(next);
  }, []);
  const enabledCount = allTypes.filter((type) => !disabled.has(type)).length;
  return { groups, catalogue, labels, disabled, setDisabled, entities, enabledCount, total: allTypes.length };
}
export type EntitySettings = ReturnType<typeof useEntitySettings>;
