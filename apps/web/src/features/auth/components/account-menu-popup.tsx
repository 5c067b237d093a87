import type { UserInfo } from '@candor/contracts';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import CreditCard from 'lucide-react/icons/credit-card';
import LogOut from 'lucide-react/icons/log-out';
import UserRound from 'lucide-react/icons/user-round';
import { Avatar } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { AccountMenuTrigger } from './account-menu-trigger';

/** The menu itself (Radix): who is signed in, Account, Pricing and Sign out (users/logout, cache cleared, sign-in). */
export default function AccountMenuPopup({ user, defaultOpen }: { user: UserInfo; defaultOpen: boolean }) {
  const { auth, queryClient } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  const signOut = useMutation({
    mutationFn: () => auth.logout(),
    onSuccess: async () => {
      await navigate({ to: '/auth/signin' });
      queryClient.clear();
    },
  });
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountMenuTrigger user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex items-center gap-3 py-2 font-normal">
          <Avatar name={user.full_name} className="size-9" />
          <div className="min-w-0">
            <p className="truncate font-medium text-sm">{user.full_name}</p>
            <p className="truncate text-muted-foreground text-xs">{user.email}</p>
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link to="/account">
              <UserRound aria-hidden="true" /> Account
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/pricing">
              <CreditCard aria-hidden="true" /> Plans and pricing
            </Link>
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={signOut.isPending}
          onSelect={(event) => {
            event.preventDefault();
            signOut.mutate();
          }}
        >
          <LogOut aria-hidden="true" /> Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
