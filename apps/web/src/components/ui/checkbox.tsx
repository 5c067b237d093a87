import Check from 'lucide-react/icons/check';
import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * A native checkbox styled like shadcn's: it keeps its `name`, works with react-hook-form's `register`
 * and submits with the form, which the Radix button-based checkbox does not.
 */
export function Checkbox({ className, ...props }: Omit<React.ComponentProps<'input'>, 'type'>) {
  return (
    <span className="relative inline-flex size-4 shrink-0 items-center justify-center">
      <input
        type="checkbox"
        data-slot="checkbox"
        className={cn(
          'peer size-4 shrink-0 appearance-none rounded-[4px] border border-input bg-background shadow-xs outline-none transition-shadow checked:border-primary checked:bg-primary focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:bg-input/30 dark:checked:bg-primary',
          className,
        )}
        {...props}
      />
      <Check
        aria-hidden="true"
        className="pointer-events-none absolute size-3.5 text-primary-foreground opacity-0 peer-checked:opacity-100"
      />
    </span>
  );
}
