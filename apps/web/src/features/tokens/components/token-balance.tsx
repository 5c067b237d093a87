import { Link } from '@tanstack/react-router';
import Coins from 'lucide-react/icons/coins';
import { Skeleton } from '@/components/ui/skeleton';
import { formatBalance, totalTokens } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useTokenBalance } from '../api/token-balance.queries';

/** Header pill: the total balance (sum of the three, or Unlimited), linking to the subscription tab. */
export function TokenBalance({ className }: { className?: string }) {
  const { data, isPending, isError } = useTokenBalance();
  if (isPending) return <Skeleton className={cn('h-8 w-24 rounded-full', className)} />;
  if (isError) return null;
  const total = totalTokens(data);
  const short = formatBalance(total);
  const exactNumber = total === 'unlimited' ? 'Unlimited' : total.toLocaleString('en');
  const exact = `${exactNumber} tokens`;
  return (
    <Link
      to="/account"
      search={{ tab: 'subscription' }}
      data-testid="token-balance"
      title={exact}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-full border bg-card px-3 font-medium text-sm tabular-nums shadow-xs outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      <Coins className="size-4 text-primary" aria-hidden="true" />
      {/* The name holds what the pill shows, then the exact count (WCAG 2.5.3, label in name). */}
      <span className="sr-only">Token balance:</span> <span>{short}</span>{' '}
      <span className="sr-only">{short === exactNumber ? 'tokens' : `(${exact})`}</span>
    </Link>
  );
}
