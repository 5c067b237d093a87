import Check from 'lucide-react/icons/check';
import Minus from 'lucide-react/icons/minus';
import type * as React from 'react';
import { cn } from '@/lib/utils';
import type { CheckState } from '../lib/findings';

/**
 * A native checkbox that can also be mixed (some of a group's findings redacted), styled like the app's Checkbox.
 * Pressing a mixed or clear one checks it; a checked one clears.
 */
export function TriStateCheckbox({
  state,
  onCheckedChange,
  className,
  ...props
}: Omit<React.ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> & {
  state: CheckState;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <span className="relative inline-flex size-4 shrink-0 items-center justify-center">
      <input
        type="checkbox"
        ref={(element) => {
          if (element) element.indeterminate = state === 'some';
        }}
        checked={state === 'all'}
        onChange={() => onCheckedChange(state !== 'all')}
        className={cn(
          'peer size-4 shrink-0 cursor-pointer appearance-none rounded-[4px] border border-input bg-background shadow-xs outline-none transition-shadow checked:border-primary checked:bg-primary indeterminate:border-primary indeterminate:bg-primary focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-input/30 dark:checked:bg-primary dark:indeterminate:bg-primary',
          className,
        )}
        {...props}
      />
      <Check
        aria-hidden="true"
        className="pointer-events-none absolute size-3.5 text-primary-foreground opacity-0 peer-checked:opacity-100"
      />
      <Minus
        aria-hidden="true"
        className="pointer-events-none absolute size-3.5 text-primary-foreground opacity-0 peer-indeterminate:opacity-100"
      />
    </span>
  );
}
