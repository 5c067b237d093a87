import CircleAlert from 'lucide-react/icons/circle-alert';
import Coins from 'lucide-react/icons/coins';
import Gift from 'lucide-react/icons/gift';
import InfinityIcon from 'lucide-react/icons/infinity';
import Wallet from 'lucide-react/icons/wallet';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { formatBalance, isUnlimited, totalTokens } from '@/lib/format';
import { useTokenBalance } from '../api/token-balance.queries';

/** The balance broken down: total, plan, purchased and referral tokens. */
export function BalanceCards() {
  const { data, isPending, error } = useTokenBalance();
  if (isPending) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {['total', 'plan', 'tokens', 'referral'].map((key) => (
          <Skeleton key={key} className="h-28 rounded-xl" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <Alert variant="destructive">
        <CircleAlert />
        <AlertTitle>Your balance could not be loaded</AlertTitle>
        <AlertDescription>{getErrorMessage(error)}</AlertDescription>
      </Alert>
    );
  }
  const items = [
    {
      label: 'Total balance',
      value: totalTokens(data),
      icon: isUnlimited(data.plan_balance) ? InfinityIcon : Coins,
      hint: 'Everything you can spend',
      highlight: true,
    },
    { label: 'Plan tokens', value: data.plan_balance, icon: Wallet, hint: 'Included in your plan' },
    {
      label: 'Purchased tokens',
      value: data.token_balance,
      icon: Coins,
      hint: 'Token packets you bought',
    },
    {
      label: 'Referral tokens',
      value: data.referral_token_balance,
      icon: Gift,
      hint: 'Earned by inviting others',
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {items.map((item) => (
        <Card
          key={item.label}
          className={item.highlight ? 'gap-3 border-primary/30 bg-gradient-to-br from-primary/10 to-card' : 'gap-3'}
        >
          <CardHeader className="flex flex-row items-center justify-between gap-2">
            <CardTitle className="font-medium text-muted-foreground text-sm">{item.label}</CardTitle>
            <item.icon className="size-4 text-primary" aria-hidden="true" />
          </CardHeader>
          <CardContent>
            <p className="font-semibold text-3xl tabular-nums tracking-tight">{formatBalance(item.value)}</p>
            <ExactTokens value={item.value} />
            <p className="mt-1 text-muted-foreground text-xs">{item.hint}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

const SUFFIX_VALUES: Record<string, number> = { '': 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

/** Whether a short count ("1.5K", "2K", "12") is the exact value, read back. */
function shortIsExact(value: number): boolean {
  const [, digits = '', suffix = ''] = /^(-?[\d.]+)([KMBT]?)$/.exec(formatBalance(value)) ?? [];
  return Math.round(Number(digits) * (SUFFIX_VALUES[suffix] ?? Number.NaN)) === value;
}

/**
 * The exact count under the short one when that one rounds: short balances round down (1,197,165 → "1.1M"), so
 * the cards alone would not add up to the total or show a purchase of 50K landing.
 */
function ExactTokens({ value }: { value: number | 'unlimited' }) {
  if (value === 'unlimited' || isUnlimited(value) || shortIsExact(value)) return null;
  return <p className="text-muted-foreground text-sm tabular-nums">{value.toLocaleString('en-US')} tokens</p>;
}
