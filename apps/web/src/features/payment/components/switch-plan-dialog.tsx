import type { MyPlan, Plan } from '@candor/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useTokenBalance } from '@/features/tokens/api/token-balance.queries';
import { formatBalance, formatDate } from '@/lib/format';
import { isLicencePlan, isPaidPlan } from '../plan-status';

/** "Basic (yearly)": names alike across periods are told apart. */
export const planLabel = (plan: Plan) => (plan.period === 'none' ? plan.name : `${plan.name} (${plan.period})`);

/** The same plan in the other billing period: only the period changes. */
export const isPeriodSwitch = (from: Plan, to: Plan) => from.family !== null && from.family === to.family;

/** The buy button's words when `current` is replaced by `plan`: "Switch to monthly billing", "Switch to Pro". */
export const switchLabel = (current: Plan, plan: Plan) =>
  isPeriodSwitch(current, plan) && plan.period !== 'none'
    ? `Switch to ${plan.period} billing`
    : `Switch to ${plan.name}`;

const allowance = (plan: Plan) =>
  plan.tokens === -1
    ? 'unlimited tokens'
    : `${formatBalance(plan.tokens)} tokens${plan.period === 'yearly' ? ' a year' : plan.period === 'monthly' ? ' a month' : ''}`;

interface SwitchPlanDialogProps {
  /** The plan the purchase replaces. */
  current: MyPlan;
  plan: Plan;
  /** The first payment, formatted (with the coupon when there is one). */
  price: string;
  /** The checkout is being created: the dialog waits for the browser to leave. */
  pending: boolean;
  /** Creating the checkout failed: the dialog closes, and the card says why next to its button. */
  failed: boolean;
  onConfirm: () => void;
  /** The buy button, opening the dialog. */
  children: ReactNode;
}

/**
 * Docs/product-decisions.md, "Changing plan": the new plan replaces the current one at once, its allowance replaces
 * what was left, and nothing is refunded or prorated. Said before checkout, naming the plan that ends.
 */
export function SwitchPlanDialog({
  current,
  plan,
  price,
  pending,
  failed,
  onConfirm,
  children,
}: SwitchPlanDialogProps) {
  const [open, setOpen] = useState(false);
  // The checkout could not be opened: back to the card, whose button (focused again) is described by the error.
  useEffect(() => {
    if (failed) setOpen(false);
  }, [failed]);
  const from = current.plan;
  const periodOnly = isPeriodSwitch(from, plan);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {periodOnly
              ? `Switch ${from.name} to ${plan.period} billing?`
              : `Switch from ${from.name} to ${plan.name}?`}
          </DialogTitle>
          <DialogDescription asChild>
            <div className="space-y-3">
              <p>
                Your {isLicencePlan(current) ? 'lifetime licence ' : ''}
                <strong className="text-foreground">{planLabel(from)}</strong>
                {isLicencePlan(current) ? '' : ' plan'} ends as soon as you pay for{' '}
                <strong className="text-foreground">{planLabel(plan)}</strong>
                {current.expires_at ? `; it is not kept until ${formatDate(current.expires_at)}.` : '.'}
              </p>
              <ul className="list-disc space-y-1 pl-5">
                <li>
                  {planLabel(plan)}'s {allowance(plan)} replace <RemainingTokens current={current} />.
                </li>
                <li>
                  Nothing is refunded or prorated for what is left of {from.name}: you pay {price} today
                  {isPaidPlan(current) ? `, and ${from.name} is not billed again` : ''}.
                </li>
                <li>Your purchased and referral tokens stay.</li>
              </ul>
            </div>
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Keep {from.name}
            </Button>
          </DialogClose>
          <Button onClick={onConfirm} disabled={pending} aria-busy={pending}>
            {pending && <Spinner />}
            Continue to checkout
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** "the 1.1M tokens left on Basic", from the balance when it is known. */
function RemainingTokens({ current }: { current: MyPlan }) {
  const balance = useTokenBalance();
  const left = balance.data?.plan_balance;
  const name = current.plan.name;
  if (left === undefined) return <>what is left of {name}'s tokens</>;
  if (left === -1) return <>{name}'s unlimited tokens</>;
  return (
    <>
      the <strong className="text-foreground">{formatBalance(left)}</strong> tokens left on {name}
    </>
  );
}
