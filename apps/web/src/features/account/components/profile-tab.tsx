import type { UserInfo } from '@candor/contracts';
import BadgeCheck from 'lucide-react/icons/badge-check';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

/** The account's profile tab. */
export function ProfileTab({ user }: { user: UserInfo }) {
  return <ProfileCard user={user} />;
}

function ProfileCard({ user }: { user: UserInfo }) {
  const rows: [string, ReactNode][] = [
    ['Full name', user.full_name],
    ['E-mail', user.email],
    ['Username', user.username],
    ['Category', user.category ?? '—'],
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
        <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="space-y-1">
              <dt className="text-muted-foreground text-xs uppercase tracking-wider">{label}</dt>
              <dd className="font-medium text-sm">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-muted-foreground text-xs">Editing your profile will be available here soon.</p>
      </CardContent>
    </Card>
  );
}
