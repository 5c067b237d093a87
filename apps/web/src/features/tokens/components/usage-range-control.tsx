import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { presetRange, type UsagePreset, type UsageRange, usagePresets, validateRange } from '../lib/usage-range';

export type UsageSelection = { preset: UsagePreset } | { preset: 'custom'; range: UsageRange };

/** The range a selection stands for (presets end today, in UTC days like the stats endpoint). */
export const selectionRange = (selection: UsageSelection, now: Date = new Date()): UsageRange =>
  selection.preset === 'custom' ? selection.range : presetRange(selection.preset, now);

/** Presets (Today, 7, 30, 90 days) and a custom from/to checked before it is applied. */
export function UsageRangeControl({
  value,
  onChange,
  now,
}: {
  value: UsageSelection;
  onChange: (selection: UsageSelection) => void;
  now?: Date;
}) {
  const id = useId();
  const current = selectionRange(value, now);
  const [customOpen, setCustomOpen] = useState(value.preset === 'custom');
  const [draft, setDraft] = useState<UsageRange>(current);
  const [error, setError] = useState<string | null>(null);
  const today = presetRange('today', now).to;

  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    const message = validateRange(draft);
    setError(message);
    if (!message) onChange({ preset: 'custom', range: draft });
  };

  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap gap-1.5">
        <legend className="sr-only">Usage period</legend>
        {usagePresets.map((preset) => (
          <Button
            key={preset.id}
            size="sm"
            variant={value.preset === preset.id ? 'default' : 'outline'}
            aria-pressed={value.preset === preset.id}
            onClick={() => {
              setCustomOpen(false);
              setError(null);
              onChange({ preset: preset.id });
            }}
          >
            {preset.label}
          </Button>
        ))}
        <Button
          size="sm"
          variant={value.preset === 'custom' ? 'default' : 'outline'}
          aria-pressed={value.preset === 'custom'}
          aria-expanded={customOpen}
          aria-controls={`${id}-custom`}
          onClick={() => {
            setDraft(current);
            setError(null);
            setCustomOpen((open) => !open);
          }}
        >
          Custom
        </Button>
      </fieldset>
      {customOpen && (
        <form
          id={`${id}-custom`}
          onSubmit={apply}
          noValidate
          aria-label="Custom usage period"
          className="flex flex-wrap items-end gap-3 rounded-lg border bg-muted/40 p-3"
        >
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input
              id={`${id}-from`}
              type="date"
              className="w-40"
              value={draft.from}
              max={today}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setDraft((range) => ({ ...range, from: event.target.value }))}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input
              id={`${id}-to`}
              type="date"
              className="w-40"
              value={draft.to}
              max={today}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setDraft((range) => ({ ...range, to: event.target.value }))}
            />
          </div>
          <Button type="submit" size="sm" className="mb-1">
            Apply
          </Button>
          <p
            id={`${id}-error`}
            role={error ? 'alert' : undefined}
            className={cn('basis-full text-destructive text-sm', !error && 'hidden')}
          >
            {error}
          </p>
        </form>
      )}
    </div>
  );
}
