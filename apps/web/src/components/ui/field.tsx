import type * as React from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

/**
 * A labelled form control with its description and error, wired with ids for aria-describedby. Its rows keep to
 * the top (content-start): beside a taller field in a form's grid row they would otherwise stretch and push the
 * input down out of line with its neighbour's.
 */
export function Field({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="field" className={cn('grid content-start gap-2', className)} {...props} />;
}

export function FieldLabel(props: React.ComponentProps<typeof Label>) {
  return <Label {...props} />;
}

export function FieldDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return <p data-slot="field-description" className={cn('text-muted-foreground text-xs', className)} {...props} />;
}

export function FieldError({ className, children, ...props }: React.ComponentProps<'p'>) {
  if (!children) return null;
  return (
    <p data-slot="field-error" className={cn('font-medium text-destructive text-sm', className)} {...props}>
      {children}
    </p>
  );
}
