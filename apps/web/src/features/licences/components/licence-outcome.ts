import type { LicenceOutcome } from '@candor/contracts';

/** How each recorded outcome reads in the activations list and the greeting. */
export const outcomeCopy: Record<
  LicenceOutcome,
  { label: string; description: string; variant: 'success' | 'secondary' | 'destructive' | 'warning' }
> = {
  activated: { label: 'Activated', description: 'The code was activated.', variant: 'success' },
  already_activated: {
    label: 'Already yours',
    description: 'You had already activated this code; nothing changed.',
    variant: 'secondary',
  },
  used_by_another: {
    label: 'Used by another account',
    description: 'Another account has already redeemed this code.',
    variant: 'destructive',
  },
  unknown_code: {
    label: 'Unknown code',
    description: 'No licence code matches what was entered.',
    variant: 'destructive',
  },
  limit_reached: {
    label: 'Limit reached',
    description: 'Your account already holds the most codes one account can stack (3).',
    variant: 'warning',
  },
};
