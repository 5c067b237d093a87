import type { JobSnapshot } from '@candor/contracts/tools';
import { Link } from '@tanstack/react-router';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import type { ToolRunCopy } from '../lib/copy';

const number = (value: number) => value.toLocaleString('en-US');
const insufficientTokensSchema = z.object({ cost: z.number(), available: z.number() });

/** Why a run failed, as the job reports it. */
export type RunFailureReason = NonNullable<JobSnapshot['error']>;

/** The reason shown for a failed job that gave none. */
export const unexplainedFailure: RunFailureReason = { code: 'unknown', message: 'Something went wrong.' };

/**
 * Focuses the alert each time `reason` changes (and when it first shows): it appears after a click, often below the
 * fold or after the screen was rebuilt, and focus both scrolls it into view and has a screen reader read it.
 */
function useFocusOnShow(reason: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new reason is what brings the alert to the user again
  useEffect(() => {
    ref.current?.focus();
  }, [reason]);
  return ref;
}

/** Why the server refused to start a run: tokens (402), size (413) or validation (400), in words. */
export function StartError({ error, copy }: { error: unknown; copy: ToolRunCopy }) {
  const ref = useFocusOnShow(error);
  if (isApiError(error) && error.status === 402) {
    const details = insufficientTokensSchema.safeParse(error.details);
    return (
      <Alert ref={ref} tabIndex={-1} variant="destructive" className="outline-none">
        <CircleAlert />
        <AlertTitle>Not enough tokens</AlertTitle>
        <AlertDescription>
          <p>
            {details.success
              ? `This ${copy.noun} costs ${number(details.data.cost)} tokens and you have ${number(details.data.available)}.`
              : error.message}{' '}
            <Link to="/pricing" className="font-medium underline underline-offset-4">
              Buy tokens or upgrade your plan
            </Link>
          </p>
        </AlertDescription>
      </Alert>
    );
  }
  const fieldErrors = isApiError(error) ? error.fieldErrors : [];
  return (
    <Alert ref={ref} tabIndex={-1} variant="destructive" className="outline-none">
      <CircleAlert />
      <AlertTitle>
        {isApiError(error) && error.status === 413 ? 'The text is too long' : `The ${copy.noun} could not start`}
      </AlertTitle>
      <AlertDescription>
        <p>{getErrorMessage(error)}</p>
        {fieldErrors.length > 0 && (
          <ul className="list-disc pl-4">
            {fieldErrors.map((field) => (
              <li key={`${field.path}:${field.message}`}>{field.message}</li>
            ))}
          </ul>
        )}
      </AlertDescription>
    </Alert>
  );
}

/** The job's message as a sentence, saying that nothing was charged unless it already does. */
export function failureMessage(message: string): string {
  const trimmed = message.trim();
  const sentence = /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
  return /no tokens were charged/i.test(sentence) ? sentence : `${sentence} No tokens were charged.`;
}

/** Why the last run failed once it had started (a web page that could not be read, a time-out). */
export function RunFailure({ reason, copy }: { reason: RunFailureReason; copy: ToolRunCopy }) {
  const ref = useFocusOnShow(reason);
  return (
    <Alert ref={ref} tabIndex={-1} variant="destructive" className="outline-none">
      <CircleAlert />
      <AlertTitle>The {copy.noun} failed</AlertTitle>
      <AlertDescription>
        <p>{failureMessage(reason.message)}</p>
      </AlertDescription>
    </Alert>
  );
}
