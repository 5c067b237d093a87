import type { CouponCheck } from '@candor/contracts';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Gift from 'lucide-react/icons/gift';
import TicketX from 'lucide-react/icons/ticket-x';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { couponSummary, couponValidity } from '../coupon';

interface CouponNoticeProps {
  code: string;
  /** The server's check of the code, once it answered. */
  check: CouponCheck | undefined;
  pending: boolean;
  error: unknown;
  loggedIn: boolean;
}

/** The URL's coupon: what it gives, or why it can't be used (a bad coupon never reaches checkout). */
export function CouponNotice({ code, check, pending, error, loggedIn }: CouponNoticeProps) {
  if (pending) return <Skeleton className="h-16 rounded-lg" aria-label={`Checking coupon ${code}`} />;
  if (error || !check) {
    return (
      <Alert variant="warning" data-testid="coupon-notice">
        <CircleAlert />
        <AlertTitle>Coupon {code} could not be checked</AlertTitle>
        <AlertDescription>
          {getErrorMessage(error)} Plans bought now are charged at the full price shown.
        </AlertDescription>
      </Alert>
    );
  }
  if (!check.valid) {
    return (
      <Alert variant="destructive" role="status" data-testid="coupon-notice">
        <TicketX />
        <AlertTitle>Coupon {check.code} can't be used</AlertTitle>
        <AlertDescription>
          <p>{check.message}</p>
          <p>
            {loggedIn
              ? 'You can still buy any plan, without the coupon, at the price shown.'
              : 'Plans are shown at their full price.'}
          </p>
        </AlertDescription>
      </Alert>
    );
  }
  const validity = couponValidity(check);
  return (
    <Alert variant="success" data-testid="coupon-notice">
      <Gift />
      <AlertTitle>{couponSummary(check)}</AlertTitle>
      <AlertDescription>
        {check.description && <p>{check.description}</p>}
        <p>
          {validity ? `${validity}. ` : ''}
          {check.product_slugs
            ? 'Discounted prices are shown on the plans it applies to.'
            : 'Discounted prices are shown below.'}
        </p>
      </AlertDescription>
    </Alert>
  );
}
