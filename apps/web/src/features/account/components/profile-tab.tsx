import type { UserInfo } from '@candor/contracts';
import { useQuery } from '@tanstack/react-query';
import BadgeCheck from 'lucide-react/icons/badge-check';
import CircleAlert from 'lucide-react/icons/circle-alert';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { profileQueryOptions } from '../api/account.api';
import { ChangePasswordCard } from './change-password-card';
import { DeleteAccountCard } from './delete-account-card';
import { ProfileFormCard } from './profile-form-card';
import { SessionsCard } from './sessions-card';

/** The account's profile tab: who you are, your profile form, password, sessions and the danger zone. */
export function ProfileTab({ user }: { user: UserInfo }) {
  const profile = useQuery(profileQueryOptions());
  return (
    <div className="space-y-6">
      <ProfileSummary user={user} />
      {profile.isPending ? (
        <div className="space-y-6" role="status" aria-busy="true" aria-label="Loading your profile">
          <Skeleton className="h-72 w-full rounded-xl" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      ) : profile.isError ? (
        <Alert variant="destructive">
          <CircleAlert />
          <AlertTitle>Your profile could not be loaded</AlertTitle>
          <AlertDescription>
            {getErrorMessage(profile.error)}
            <Button size="sm" variant="outline" className="mt-2 w-fit" onClick={() => profile.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <ProfileFormCard profile={profile.data} />
          <ChangePasswordCard profile={profile.data} />
          <SessionsCard />
          <DeleteAccountCard profile={profile.data} />
        </>
      )}
    </div>
  );
}

function ProfileSummary({ user }: { user: UserInfo }) {
  const rows: [string, ReactNode][] = [
    ['Username', user.username],
    [
      'Referral code',
      <code key="code" className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
        {user.referral_code}
      </code>,
    ],
    ['Member since', formatDate(user.created_at)],
  ];
  return (
    <Card>
      <CardHeader className="flex flex-row items-center gap-4">
        <Avatar name={user.full_name} className="size-12 text-base" />
        <div className="space-y-1">
          <CardTitle className="flex items-center gap-2 text-lg">
            {user.full_name}
            {user.is_verified && (
              <Badge variant="success">
                <BadgeCheck aria-hidden="true" /> Verified
              </Badge>
            )}
          </CardTitle>
          <CardDescription>{user.email}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label} className="space-y-1">
              <dt className="text-muted-foreground text-xs uppercase tracking-wider">{label}</dt>
              <dd className="font-medium text-sm">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
