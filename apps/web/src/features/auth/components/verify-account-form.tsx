import { errorCodes, resendOtpSchema, type VerifyAccountInput, verifyAccountSchema } from '@candor/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import MailCheck from 'lucide-react/icons/mail-check';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  EmailInput,
  FormAlert,
  FormField,
  OtpInput,
  ResendCodeButton,
  SubmitButton,
} from '@/components/form/form-parts';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useCountdown } from '@/lib/use-countdown';
import { useResendOtp, useVerifyAccount } from '../api/auth.mutations';
import { otpCooldownUntil, startOtpCooldown } from '../otp-cooldown';
import { type AuthSearch, pickAuthSearch } from '../search';
import { AuthHeading } from './auth-layout';

const fields = ['email', 'code'] as const;

export function VerifyAccountForm({
  search,
  onSignedIn,
}: {
  search: AuthSearch & { email?: string | undefined };
  onSignedIn: () => Promise<void>;
}) {
  const verify = useVerifyAccount();
  const resend = useResendOtp();
  const [formError, setFormError] = useState<string | null>(null);
  const [resendUntil, setResendUntil] = useState<number | null>(() => otpCooldownUntil(search.email));
  const secondsLeft = useCountdown(resendUntil);
  const form = useForm<VerifyAccountInput>({
    resolver: zodResolver(verifyAccountSchema),
    defaultValues: { email: search.email ?? '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // Arriving from sign-up, the code is all that is left to type.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => form.setFocus(search.email ? 'code' : 'email'), []);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await verify.mutateAsync(values);
      toast.success('Your account is verified. Welcome to Candor!');
      await onSignedIn();
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, fields));
      // A wrong or expired code is typed again: focus it, selected.
      form.setFocus('code', { shouldSelect: true });
    }
  });

  const onResend = async () => {
    setFormError(null);
    const email = form.getValues('email');
    const parsed = resendOtpSchema.safeParse({ email });
    if (!parsed.success) {
      await form.trigger('email');
      return;
    }
    try {
      const sent = await resend.mutateAsync(parsed.data.email);
      startOtpCooldown(sent.email, sent.resend_after);
      setResendUntil(otpCooldownUntil(sent.email));
      toast.success('A new code is on its way', { description: `Check ${sent.email}.` });
    } catch (error) {
      if (isApiError(error) && (error.code === errorCodes.otpCooldown || error.status === 429) && error.retryAfter) {
        startOtpCooldown(email, error.retryAfter);
        setResendUntil(otpCooldownUntil(email));
        return;
      }
      setFormError(applyServerErrors(error, form.setError, fields));
    }
  };

  const pending = isSubmitting || verify.isPending;
  return (
    <>
      <div className="mb-6 inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <MailCheck className="size-6" aria-hidden="true" />
      </div>
      <AuthHeading
        title="Verify your account"
        description={
          search.email ? (
            <>
              We sent a 6-digit code to <span className="font-medium text-foreground">{search.email}</span>. Enter it
              below.
            </>
          ) : (
            'Enter your e-mail and the 6-digit code we sent you.'
          )
        }
      />
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Verify account">
        <FormAlert message={formError} />
        <FormField id="verify-email" label="Email" error={errors.email}>
          {(aria) => <EmailInput {...aria} {...form.register('email')} />}
        </FormField>
        <FormField id="verify-code" label="Verification code" error={errors.code}>
          {(aria) => <OtpInput {...aria} {...form.register('code')} />}
        </FormField>
        <SubmitButton pending={pending}>Verify account</SubmitButton>
        <div className="flex items-center justify-center gap-1 text-muted-foreground text-sm">
          <span>Didn't get the code?</span>
          <ResendCodeButton
            secondsLeft={secondsLeft}
            pending={resend.isPending}
            onResend={onResend}
            label="Resend code"
          />
        </div>
      </form>
      <p className="mt-8 text-center text-muted-foreground text-sm">
        <Link
          to="/auth/signin"
          search={pickAuthSearch(search)}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      </p>
    </>
  );
}
