import CircleAlert from 'lucide-react/icons/circle-alert';
import type * as React from 'react';
import type { FieldError as RhfFieldError } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { formatCountdown } from '@/lib/use-countdown';

/** A labelled control with its error wired through aria-invalid / aria-describedby. */
export function FormField({
  id,
  label,
  error,
  description,
  labelAction,
  children,
}: {
  id: string;
  label: string;
  error?: RhfFieldError | undefined;
  description?: React.ReactNode;
  labelAction?: React.ReactNode;
  children: (aria: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => React.ReactNode;
}) {
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [error?.message ? errorId : null, description ? descriptionId : null].filter(Boolean).join(' ');
  return (
    <Field>
      <div className="flex items-center justify-between gap-2">
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        {labelAction}
      </div>
      {children({ id, 'aria-invalid': Boolean(error), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {description && <FieldDescription id={descriptionId}>{description}</FieldDescription>}
      <FieldError id={errorId}>{error?.message}</FieldError>
    </Field>
  );
}

export function SubmitButton({
  pending,
  disabled,
  children,
  ...props
}: React.ComponentProps<typeof Button> & { pending: boolean }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending || disabled} aria-busy={pending} {...props}>
      {pending && <Spinner />}
      {children}
    </Button>
  );
}

/** A form-level server error (wrong credentials, rate limits…). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <CircleAlert />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/** Shown under every new-password field: the rule the spec's pattern enforces (its message says otherwise). */
export const newPasswordHint = 'At least 6 characters, with an uppercase letter and a number.';

/** The 6-digit code field of account verification and password reset. */
export function OtpInput(props: React.ComponentProps<'input'>) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="000000"
      className="h-12 text-center font-mono text-xl tracking-[0.5em] placeholder:tracking-[0.5em]"
      {...props}
    />
  );
}

/** An e-mail address field: no auto-capitalising or spell-checking of addresses. */
export function EmailInput(props: React.ComponentProps<'input'>) {
  return <Input type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />;
}

/** "Send a new code" for e-mailed codes, counting down the server's cool-down before it can be pressed again. */
export function ResendCodeButton({
  secondsLeft,
  pending,
  onResend,
  label = 'Send a new code',
}: {
  secondsLeft: number;
  pending: boolean;
  onResend: () => void;
  label?: string;
}) {
  return (
    <Button
      type="button"
      variant="link"
      className="h-auto p-0"
      onClick={onResend}
      disabled={secondsLeft > 0 || pending}
    >
      {pending && <Spinner />}
      {secondsLeft > 0 ? `${label} in ${formatCountdown(secondsLeft)}` : label}
    </Button>
  );
}
