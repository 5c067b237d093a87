import {
  levelMeaning,
  type OperatingPoint,
  type Sensitivity,
  sensitivityLevels,
  sensitivityNames,
  sensitivityPurposes,
} from '@candor/engine-ai-detect/sensitivity';
import { useId } from 'react';

interface SensitivityPickerProps {
  value: Sensitivity;
  onChange: (level: Sensitivity) => void;
  disabled?: boolean;
  /** What each level means in numbers (the model card's), for the detector this screen runs. */
  points: Record<Sensitivity, OperatingPoint>;
  /** Where the numbers come from, under them, for the level chosen. */
  source: (level: Sensitivity) => string;
}

/** The detectors' sensitivity level for the next run, each with what it is for and what it means in numbers. */
export function SensitivityPicker({ value, onChange, disabled, points, source }: SensitivityPickerProps) {
  const name = useId();
  const meaningId = useId();
  return (
    <fieldset className="space-y-2" disabled={disabled} aria-describedby={meaningId}>
      <legend className="font-medium text-sm">Sensitivity</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {sensitivityLevels.map((level) => {
          const labelId = `${name}-${level}-label`;
          const descriptionId = `${name}-${level}-description`;
          return (
            <label
              key={level}
              className="flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
            >
              <input
                type="radio"
                name={name}
                value={level}
                checked={value === level}
                onChange={() => onChange(level)}
                aria-labelledby={labelId}
                aria-describedby={descriptionId}
                className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
              />
              <span className="min-w-0 space-y-1">
                <span id={labelId} className="block font-medium text-sm">
                  {sensitivityNames[level]}
                  {level === 'balanced' ? ' (default)' : ''}
                </span>
                <span id={descriptionId} className="block text-muted-foreground text-xs">
                  {sensitivityPurposes[level]}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <p id={meaningId} className="text-sm" aria-live="polite">
        {levelMeaning(points[value])} <span className="text-muted-foreground text-xs">{source(value)}</span>
      </p>
    </fieldset>
  );
}
