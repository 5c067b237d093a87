import type { RedactionVerification } from '@candor/contracts/tools';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useId } from 'react';
import { cn } from '@/lib/utils';
import { plural } from '../lib/document-meta';

/**
 * What was searched for, in the same terms as the checks below: they count distinct values, so a value redacted twice
 * is one of them ("8 redactions" may be "7 distinct redacted values").
 */
const searchedFor = (redactions: number) =>
  redactions === 1
    ? 'the value its redaction removed'
    : `every distinct value its ${plural(redactions, 'redaction', 'redactions')} removed`;

/** The proof: the redacted file was read back and searched for every redacted value, check by check. */
export function VerificationPanel({
  verification,
  redactions,
}: {
  verification: RedactionVerification;
  redactions: number;
}) {
  const headingId = useId();
  const { passed, checks } = verification;
  const Icon = passed ? ShieldCheck : ShieldAlert;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'rounded-xl border p-4 sm:p-5',
        passed ? 'border-success/40 bg-success/5' : 'border-destructive/40 bg-destructive/5',
      )}
    >
      <div className="flex items-start gap-3">
        <Icon className={cn('size-8 shrink-0', passed ? 'text-success' : 'text-destructive')} aria-hidden="true" />
        <div className="space-y-1">
          <h2 id={headingId} className="font-semibold text-lg leading-tight">
            {passed ? 'Verified: no redacted text can be recovered' : 'Verification failed: do not share this file'}
          </h2>
          <p className="text-muted-foreground text-sm">
            {passed
              ? `The new file was read back the way a recipient could read it, and searched for ${searchedFor(redactions)}. None was found.`
              : 'A redacted value could still be read from the file. Redact the document again.'}
          </p>
        </div>
      </div>
      {checks.length > 0 && (
        <ul className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2" aria-label="Checks">
          {checks.map((check) => (
            <li key={check.name} className="flex items-start gap-2">
              {check.passed ? (
                <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              ) : (
                <CircleX className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
              )}
              <div className="min-w-0">
                <p className="font-medium text-sm">
                  {check.name}
                  <span className="sr-only">{check.passed ? ': passed' : ': failed'}</span>
                </p>
                <p className="break-words text-muted-foreground text-xs">{check.detail}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
