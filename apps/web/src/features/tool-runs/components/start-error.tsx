import { Link } from '@tanstack/react-router';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { z } from 'zod';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import type { ToolRunCopy } from '../lib/copy';

const number = (value: number) => value.toLocaleString('en-US');
const insufficientTokensSchema = z.object({ cost: z.number(), available: z.number() });

/** Why the server refused to start a run: tokens (402), size (413) or validation (400), in words. */
export function StartError({ error, copy }: { error: unknown; copy: ToolRunCopy }) {
  if (isApiError(error) && error.status === 402) {
    const details = insufficientTokensSchema.safeParse(error.details);
    return (
      <Alert variant="destructive">
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
    <Alert variant="destructive">
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
