import type { PiiEntityInfoDto } from '@candor/contracts/governance';
import ShieldCheck from 'lucide-react/icons/shield-check';
import ShieldOff from 'lucide-react/icons/shield-off';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { groupState, setTypes } from '../lib/entity-settings';
import type { EntitySettings } from '../use-entity-settings';

/** Which kinds of personal data the preview masks, by group and by type; kept in this browser. */
export function EntitySettingsPopover({ settings }: { settings: EntitySettings }) {
  const { groups, disabled, setDisabled, enabledCount, total } = settings;
  const allOn = total > 0 && enabledCount === total;
  const summary = total === 0 || allOn ? 'Masking all' : `Masking ${enabledCount}/${total}`;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="h-8 gap-1.5 px-2 text-xs"
          aria-label={`Masking settings: ${summary}`}
        >
          {enabledCount === 0 && total > 0 ? (
            <ShieldOff className="text-warning-foreground dark:text-warning" aria-hidden="true" />
          ) : (
            <ShieldCheck className="text-primary" aria-hidden="true" />
          )}
          <span>{summary}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-[min(22rem,calc(100vw-2rem))] p-0">
        <div className="space-y-1 border-b p-4">
          <h2 className="font-semibold text-sm">What to mask</h2>
          <p className="text-muted-foreground text-xs">
            The preview looks for these kinds of personal data. Saved in this browser.
          </p>
        </div>
        <div className="max-h-[min(60svh,26rem)] overflow-y-auto p-2">
          {groups.isPending ? (
            <div className="space-y-2 p-2" role="status" aria-label="Loading the entity types">
              {[1, 2, 3, 4].map((row) => (
                <Skeleton key={row} className="h-6 w-full" />
              ))}
            </div>
          ) : groups.isError ? (
            <p className="p-2 text-destructive text-sm">
              The list of entity types could not be loaded; everything is masked.
            </p>
          ) : (
            groups.data.groups.map((group) => (
              <EntityGroup
                key={group.group}
                name={group.group}
                entities={group.entities}
                disabled={disabled}
                onChange={setDisabled}
              />
            ))
          )}
        </div>
        <div className="flex justify-between gap-2 border-t p-2">
          <Button variant="ghost" size="sm" disabled={allOn} onClick={() => setDisabled(new Set())}>
            Mask everything
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}

function EntityGroup({
  name,
  entities,
  disabled,
  onChange,
}: {
  name: string;
  entities: readonly PiiEntityInfoDto[];
  disabled: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
}) {
  const switchId = useId();
  const idPrefix = useId();
  const types = entities.map((entity) => entity.type);
  const state = groupState(types, disabled);
  return (
    <fieldset className="rounded-lg p-2">
      <legend className="sr-only">{name}</legend>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={switchId} className="font-medium text-sm">
          {name}
        </label>
        <div className="flex items-center gap-2">
          {state === 'mixed' && <span className="text-muted-foreground text-xs">Some</span>}
          <Switch
            id={switchId}
            checked={state !== 'off'}
            onCheckedChange={() => onChange(setTypes(disabled, types, state !== 'on'))}
          />
        </div>
      </div>
      <ul className="mt-1.5 grid gap-1">
        {entities.map((entity) => {
          const on = !disabled.has(entity.type);
          const checkboxId = `${idPrefix}-${entity.type}`;
          return (
            <li key={entity.type}>
              <label
                htmlFor={checkboxId}
                className={cn(
                  'flex cursor-pointer items-start gap-2 rounded-md px-1 py-1 text-sm hover:bg-accent/60',
                  !on && 'text-muted-foreground',
                )}
                title={`${entity.description} Example: ${entity.example}`}
              >
                <span className="mt-0.5 inline-flex">
                  <Checkbox
                    id={checkboxId}
                    checked={on}
                    onChange={(event) => onChange(setTypes(disabled, [entity.type], event.target.checked))}
                  />
                </span>
                <span className="min-w-0">
                  <span className="block leading-5">{entity.name}</span>
                  <span className="block truncate text-muted-foreground text-xs">e.g. {entity.example}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
