import { referralSignupLink } from '@candor/contracts';
import Check from 'lucide-react/icons/check';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Copy from 'lucide-react/icons/copy';
import Gift from 'lucide-react/icons/gift';
import { useId, useRef, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { formatTokens } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useReferralSummary } from '../api/referrals';

/** "Invite friends, earn tokens": the user's sign-up link with a copy button, what it pays and what it earned. */
export function ReferralCard() {
  const { data, isPending, error } = useReferralSummary();
  const linkId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  if (isPending) return <Skeleton className="h-56 rounded-xl" aria-label="Loading your referral link" />;
  if (error) {
    return (
      <Alert variant="destructive">
        <CircleAlert />
        <AlertTitle>Your referral link could not be loaded</AlertTitle>
        <AlertDescription>{getErrorMessage(error)}</AlertDescription>
      </Alert>
    );
  }
  const link = referralSignupLink(window.location.origin, data.referral_code);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2_000);
      toast.success('Referral link copied', { description: 'Share it with a friend to earn tokens.' });
    } catch {
      input.current?.select();
      toast.error('Copying failed', { description: 'The link is selected: copy it with Ctrl+C or ⌘C.' });
    }
  }

  return (
    <Card aria-labelledby={`${linkId}-title`}>
      <CardHeader>
        <CardTitle id={`${linkId}-title`} className="flex items-center gap-2">
          <Gift className="size-5 text-primary" aria-hidden="true" />
          Invite friends, earn tokens
        </CardTitle>
        <CardDescription>
          When someone signs up with your link and verifies their e-mail, you get{' '}
          <strong className="text-foreground">{formatTokens(data.referrer_tokens)} tokens</strong> and they get{' '}
          <strong className="text-foreground">{formatTokens(data.referee_tokens)} tokens</strong>.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-2">
          <Label htmlFor={linkId}>Your sign-up link</Label>
          <div className="flex gap-2">
            <Input
              id={linkId}
              ref={input}
              readOnly
              value={link}
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button type="button" variant="outline" onClick={copy} aria-label="Copy the referral link">
              {copied ? <Check /> : <Copy />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </div>
        <dl className="grid gap-4 sm:grid-cols-3">
          <div className="space-y-1">
            <dt className="text-muted-foreground text-xs uppercase tracking-wider">Referral code</dt>
            <dd className="font-medium font-mono text-sm" data-testid="referral-code">
              {data.referral_code}
            </dd>
          </div>
          <div className="space-y-1">
            <dt className="text-muted-foreground text-xs uppercase tracking-wider">Friends joined</dt>
            <dd className="font-medium text-sm tabular-nums">{data.credited_referrals}</dd>
          </div>
          <div className="space-y-1">
            <dt className="text-muted-foreground text-xs uppercase tracking-wider">Tokens earned</dt>
            <dd className="font-medium text-sm tabular-nums">{formatTokens(data.tokens_earned)}</dd>
          </div>
        </dl>
        <p className="text-muted-foreground text-xs">
          Each e-mail address earns a referral once, even if its account is deleted and created again. Your own sign-ups
          don't count.
        </p>
      </CardContent>
    </Card>
  );
}
