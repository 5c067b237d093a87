import type * as React from 'react';
import { cn } from '@/lib/utils';

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?';

/** Initials in a circle; the app has no profile pictures. */
export function Avatar({ name, className, ...props }: React.ComponentProps<'span'> & { name: string }) {
  return (
    <span
      data-slot="avatar"
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 shrink-0 select-none items-center justify-center rounded-full bg-gradient-to-br from-primary to-violet-400 font-semibold text-primary-foreground text-xs',
        className,
      )}
      {...props}
    >
      {initials(name)}
    </span>
  );
}
