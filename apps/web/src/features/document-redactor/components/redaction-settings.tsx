import type { PiiPolicyDto } from '@candor/contracts/governance';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { type Dispatch, useId, useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { plural, styleOptions } from '../lib/document-meta';
import { type DraftAction, entityAction, type RedactionDraft } from '../lib/draft';
import { entityColour } from '../lib/entity-colours';
import { checkState, type EntityGroupEntry, type Finding, matchesPolicy, policyCount } from '../lib/findings';
import type { PlannedRedaction } from '../lib/redaction-input';
import { styleSample } from '../lib/style-sample';
import { TriStateCheckbox } from './tri-state-checkbox';

interface PolicyPickerProps {
  policies: readonly PiiPolicyDto[];
  findings: readonly Finding[];
  draft: RedactionDraft;
  dispatch: Dispatch<DraftAction>;
  /** The policy list could not be loaded: say so rather than offer an empty list. */
  unavailable: boolean;
}

/** Start from a policy: choosing one selects the findings of its entities that reach its thresholds. */
export function PolicyPicker({ policies, findings, draft, dispatch, unavailable }: PolicyPickerProps) {
  const selectId = useId();
  const descriptionId = useId();
  const chosen = policies.find((policy) => policy.id === draft.policy) ?? null;
  const adjusted = chosen !== null && !matchesPolicy(findings, chosen, draft.selected);
  if (unavailable) {
    return (
      <p className="text-muted-foreground text-sm">
        The policies could not be loaded. Choose what to redact below; every finding starts selected.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <label htmlFor={selectId} className="font-medium text-sm">
        Start from a policy
      </label>
      <select
        id={selectId}
        value={draft.policy ?? ''}
        aria-describedby={descriptionId}
        onChange={(event) =>
          dispatch({ kind: 'policy', policy: policies.find((policy) => policy.id === event.target.value) ?? null })
        }
        className="flex h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
      >
        <option value="">None — choose by hand</option>
        {policies.map((policy) => (
          <option key={policy.id} value={policy.id}>
            {policy.name} ({plural(policyCount(findings, policy), 'finding', 'findings')})
          </option>
        ))}
      </select>
      <div id={descriptionId} className="space-y-2 text-muted-foreground text-xs">
        {chosen ? <p>{chosen.description}</p> : <p>Your own choice of findings and selections.</p>}
        {adjusted && (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p>Adjusted by hand from {chosen.name}.</p>
            <Button
              size="sm"
              variant="ghost"
              className="h-7 px-2 text-xs"
              onClick={() => dispatch({ kind: 'policy', policy: chosen })}
            >
              <RotateCcw />
              Reset to {chosen.name}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

interface EntityListProps {
  groups: readonly EntityGroupEntry[];
  findings: readonly Finding[];
  selected: ReadonlySet<number>;
  dispatch: Dispatch<DraftAction>;
}

/** The kinds of personal data found, by group, each with how many of its findings will go and a checkbox for all. */
export function EntityList({ groups, findings, selected, dispatch }: EntityListProps) {
  const idPrefix = useId();
  if (groups.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        No personal data was found. Select text in the document, or find it by name, to redact it yourself.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      {groups.map((group) => {
        const colour = entityColour(group.position);
        const groupState = checkState(selected, group.indices);
        return (
          <fieldset key={group.group} className="space-y-2">
            <legend className="flex w-full items-center gap-2 font-medium text-sm">
              <TriStateCheckbox
                state={groupState}
                aria-label={`Redact all ${group.group.toLowerCase()} data`}
                onCheckedChange={(on) =>
                  dispatch({
                    kind: 'findings',
                    indices: group.indices,
                    on,
                    label: `${plural(group.indices.length, 'finding', 'findings')} of ${group.group}`,
                  })
                }
              />
              <span aria-hidden="true" className={cn('size-2.5 shrink-0 rounded-full', colour.swatch)} />
              <span className="flex-1">{group.group}</span>
              <span className="text-muted-foreground text-xs tabular-nums">
                {group.indices.filter((index) => selected.has(index)).length}/{group.indices.length}
              </span>
            </legend>
            <ul className="space-y-1.5 pl-6">
              {group.entities.map((entity) => {
                const state = checkState(selected, entity.indices);
                const on = entity.indices.filter((index) => selected.has(index)).length;
                return (
                  <li key={entity.type} className="flex items-center gap-2 text-sm">
                    <TriStateCheckbox
                      id={`${idPrefix}-${entity.type}`}
                      state={state}
                      onCheckedChange={(checked) => dispatch(entityAction(findings, entity.type, entity.name, checked))}
                    />
                    <label
                      htmlFor={`${idPrefix}-${entity.type}`}
                      className="min-w-0 flex-1 cursor-pointer truncate"
                      title={entity.description || undefined}
                    >
                      {entity.name}
                    </label>
                    <span className="text-muted-foreground text-xs tabular-nums">
                      <span className="sr-only">
                        {on} of {entity.indices.length} redacted
                      </span>
                      <span aria-hidden="true">
                        {on}/{entity.indices.length}
                      </span>
                    </span>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}

interface StylePickerProps {
  text: string;
  redactions: readonly PlannedRedaction[];
  style: RedactionDraft['style'];
  dispatch: Dispatch<DraftAction>;
}

/** Black box, type label or pseudonym, each shown on the document's own first redaction. */
export function StylePicker({ text, redactions, style, dispatch }: StylePickerProps) {
  const name = useId();
  const samples = useMemo(
    () => new Map(styleOptions.map((option) => [option.value, styleSample(text, redactions, option.value)])),
    [text, redactions],
  );
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">How redactions look</legend>
      {styleOptions.map((option) => {
        const sample = samples.get(option.value) ?? [];
        const labelId = `${name}-${option.value}-label`;
        const descriptionId = `${name}-${option.value}-description`;
        return (
          <label
            key={option.value}
            className="flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={style === option.value}
              onChange={() => dispatch({ kind: 'style', style: option.value, label: option.label })}
              aria-labelledby={labelId}
              aria-describedby={descriptionId}
              className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
            />
            <span className="min-w-0 space-y-1">
              <span id={labelId} className="block font-medium text-sm">
                {option.label}
              </span>
              <span id={descriptionId} className="block text-muted-foreground text-xs">
                {option.description}
              </span>
              {/* Seen, not read: a black box would be read out as a row of "█" characters. */}
              <span
                aria-hidden="true"
                className="block break-words rounded bg-muted/60 px-2 py-1 font-mono text-xs leading-relaxed"
              >
                {sample.map((piece, index) =>
                  piece.redacted ? (
                    <span
                      // Pieces never reorder, so their position is their identity.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      key={index}
                      className={cn(
                        'rounded-[2px]',
                        option.value === 'box'
                          ? 'bg-zinc-950 text-zinc-950 dark:ring-1 dark:ring-zinc-500'
                          : 'bg-primary/15 px-0.5 font-semibold text-foreground',
                      )}
                    >
                      {option.value === 'box' ? piece.text.slice(0, 24) : piece.text}
                    </span>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <span key={index}>{piece.text}</span>
                  ),
                )}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
