import LoaderCircle from 'lucide-react/icons/loader-circle';
import type * as React from 'react';
import { cn } from '@/lib/utils';

export function Spinner({ className, ...props }: React.ComponentProps<'svg'>) {
  return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} {...props} />;
}
