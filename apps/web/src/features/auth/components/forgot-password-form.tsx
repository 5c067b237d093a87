import {
  type ForgotPasswordRequest,
  forgotPasswordRequestSchema,
  type ResetPasswordInput,
  resetPasswordSchema,
} from '@candor/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import KeyRound from 'lucide-react/icons/key-round';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  EmailInput,
  FormAlert,
  FormField,
  newPasswordHint,
  OtpInput,
  ResendCodeButton,
  SubmitButton,
} from '@/components/form/form-parts';
import { PasswordInput } from '@/components/ui/password-input';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useCountdown } from '@/lib/use-countdown';
import { useRequestPasswordReset, useResetPassword } from '../api/auth.mutations';
import { otpCooldownUntil, startOtpCooldown } from '../otp-cooldown';
import { AuthHeading } from './auth-layout';

interface ForgotPasswordSearch {
  redirect?: string | undefined;
  email?: string | undefined;
  otp?: string | undefined;
}

/** Two steps: ask for a code by e-mail, then set a new password with it. A link with email and otp opens step 2. */
export function ForgotPasswordForm({ search }: { search: ForgotPasswordSearch }) {
  const [email, setEmail] = useState<string | null>(search.email && search.otp ? search.email : null);
  return (
    <>
      <div className="mb-6 inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <KeyRound className="size-6" aria-hidden="true" />
      </div>
      {email === null ? (
        <RequestStep defaultEmail={search.email ?? ''} onSent={setEmail} />
      ) : (
        <ResetStep email={email} otp={search.otp} redirect={search.redirect} onChangeEmail={() => setEmail(null)} />
      )}
      <p className="mt-8 text-center text-muted-foreground text-sm">
        Remembered it?{' '}
        <Link
          to="/auth/signin"
          search={{ redirect: search.redirect }}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      </p>
    </>
  );
}

function RequestStep({ defaultEmail, onSent }: { defaultEmail: string; onSent: (email: string) => void }) {
  const request = useRequestPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const sent = await request.mutateAsync(values);
      startOtpCooldown(values.email, sent.resend_after);
      // No toast here: the next step says where the code went, and a toast would sit over its submit button.
      onSent(values.email);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['email']));
    }
  });

  return (
    <>
      <AuthHeading
        title="Forgot your password?"
        description="Enter your e-mail and we will send you a code to reset it."
      />
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Request a reset code">
        <FormAlert message={formError} />
        <FormField id="forgot-email" label="Email" error={form.formState.errors.email}>
          {(aria) => <EmailInput {...aria} {...form.register('email')} />}
        </FormField>
        <SubmitButton pending={form.formState.isSubmitting || request.isPending}>Send reset code</SubmitButton>
      </form>
    </>
  );
}

const resetFields = ['email', 'code', 'password', 'confirm_password'] as const;

function ResetStep({
  email,
  otp,
  redirect,
  onChangeEmail,
}: {
  email: string;
  otp: string | undefined;
  redirect: string | undefined;
  onChangeEmail: () => void;
}) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const resend = useRequestPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const [resendUntil, setResendUntil] = useState(() => otpCooldownUntil(email));
  const secondsLeft = useCountdown(resendUntil);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { email, code: otp ?? '', password: '', confirm_password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reset.mutateAsync(values);
      toast.success('Your password has been reset', { description: 'Sign in with your new password.' });
      await navigate({ to: '/auth/signin', search: { redirect } });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, resetFields));
    }
  });

  const onResend = async () => {
    setFormError(null);
    try {
      const sent = await resend.mutateAsync({ email });
      startOtpCooldown(email, sent.resend_after);
      setResendUntil(otpCooldownUntil(email));
      toast.success('A new code is on its way');
    } catch (error) {
      if (isApiError(error) && error.status === 429 && error.retryAfter) {
        startOtpCooldown(email, error.retryAfter);
        setResendUntil(otpCooldownUntil(email));
        return;
      }
      setFormError(applyServerErrors(error, form.setError, resetFields));
    }
  };

  return (
    <>
      <AuthHeading
        title="Set a new password"
        description={
          <>
            If an account exists for <span className="font-medium text-foreground">{email}</span>, a code is on its way.
            Enter it and choose a new password.{' '}
            <button
              type="button"
              onClick={onChangeEmail}
              className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Use another e-mail
            </button>
          </>
        }
      />
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Reset password">
        <FormAlert message={formError ?? errors.email?.message ?? null} />
        <input type="hidden" {...form.register('email')} />
        <FormField id="reset-code" label="Reset code" error={errors.code}>
          {(aria) => <OtpInput {...aria} {...form.register('code')} />}
        </FormField>
        <FormField id="reset-password" label="New password" error={errors.password} description={newPasswordHint}>
          {(aria) => <PasswordInput {...aria} autoComplete="new-password" {...form.register('password')} />}
        </FormField>
        <FormField id="reset-confirm-password" label="Confirm new password" error={errors.confirm_password}>
          {(aria) => <PasswordInput {...aria} autoComplete="new-password" {...form.register('confirm_password')} />}
        </FormField>
        <SubmitButton pending={form.formState.isSubmitting || reset.isPending}>Reset password</SubmitButton>
        <div className="flex items-center justify-center gap-1 text-muted-foreground text-sm">
          <span>No code?</span>
          <ResendCodeButton secondsLeft={secondsLeft} pending={resend.isPending} onResend={onResend} />
        </div>
      </form>
    </>
  );
}
