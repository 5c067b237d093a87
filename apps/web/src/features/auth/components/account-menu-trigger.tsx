import type { UserInfo } from '@candor/contracts';
import ChevronDown from 'lucide-react/icons/chevron-down';
import type * as React from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';

/** The header button of the account menu; identical before and after the menu code has loaded. */
export function AccountMenuTrigger({ user, ...props }: React.ComponentProps<typeof Button> & { user: UserInfo }) {
  return (
    <Button variant="ghost" className="h-9 gap-2 px-1.5 sm:px-2" aria-haspopup="menu" {...props}>
      <Avatar name={user.full_name} />
      {/* Named by the name it shows (read out on a phone too), so voice control can say it (WCAG 2.5.3). */}
      <span className="sr-only md:not-sr-only md:max-w-32 md:truncate md:font-medium md:text-sm">{user.full_name}</span>
      <span className="sr-only">, account menu</span>
      <ChevronDown className="hidden size-4 text-muted-foreground md:inline" aria-hidden="true" />
    </Button>
  );
}
