import type { MyPlan } from '@candor/contracts';
import { useEffect, useRef, useState } from 'react';
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
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCancelSubscription, useResumeSubscription } from '../api/payments.queries';

/**
 * Cancel at period end (after a confirmation) or undo it. The plan stays until `expires_at` either way, so
 * resuming is cheap and needs no confirmation. Each replaces the other's button: the keyboard focus goes with it.
 */
export function SubscriptionActions({ myPlan }: { myPlan: MyPlan }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const end = myPlan.expires_at ? formatDate(myPlan.expires_at) : 'the end of the period';
  const cancelled = myPlan.cancel_at_period_end;
  const cancelButton = useRef<HTMLButtonElement>(null);
  const resumeButton = useRef<HTMLButtonElement>(null);
  // Set when this component changes the plan: the button that replaces the one just used takes the focus, which
  // would otherwise fall to the page. Set before the request, as the new plan can arrive before its callbacks.
  const focusReplacement = useRef(false);
  useEffect(() => {
    if (!focusReplacement.current) return;
    focusReplacement.current = false;
    (cancelled ? resumeButton : cancelButton).current?.focus();
  }, [cancelled]);
  const change = (mutation: typeof cancel, onSuccess: () => void) => {
    focusReplacement.current = true;
    mutation.mutate(undefined, {
      onSuccess,
      onError: () => {
        focusReplacement.current = false;
      },
    });
  };

  if (cancelled) {
    return (
      <Button
        ref={resumeButton}
        variant="outline"
        disabled={resume.isPending}
        onClick={() => change(resume, () => toast.success(`${myPlan.plan.name} will renew on ${end}.`))}
      >
        {resume.isPending && <Spinner />}
        Resume subscription
      </Button>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          ref={cancelButton}
          variant="ghost"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        >
          Cancel subscription
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel {myPlan.plan.name}?</DialogTitle>
          <DialogDescription>
            Your plan stays active, with its tokens, until {end}. It will not renew after that. You can resume it any
            time before then.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep subscription</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() =>
              change(cancel, () => {
                setOpen(false);
                toast.success(`Your subscription is cancelled. ${myPlan.plan.name} stays active until ${end}.`);
              })
            }
          >
            {cancel.isPending && <Spinner />}
            Cancel subscription
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
