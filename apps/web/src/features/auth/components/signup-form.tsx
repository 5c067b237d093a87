import { type SignupInput, signupSchema } from '@candor/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { EmailInput, FormAlert, FormField, newPasswordHint, SubmitButton } from '@/components/form/form-parts';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { applyServerErrors } from '@/lib/form-errors';
import { cn } from '@/lib/utils';
import { useSignup } from '../api/auth.mutations';
import { startOtpCooldown } from '../otp-cooldown';
import { forgetReferralCode, storedReferralCode } from '../referral';
import { type AuthSearch, pickAuthSearch } from '../search';
import { AuthHeading } from './auth-layout';
import { OidcButton } from './oidc-button';

const fields = ['full_name', 'email', 'password', 'terms_conditions_aggreed', 'referrer_id'] as const;

type SignupValues = Omit<SignupInput, 'terms_conditions_aggreed'> & { terms_conditions_aggreed: boolean };

export function SignupForm({ search, onSignedIn }: { search: AuthSearch; onSignedIn?: () => Promise<void> }) {
  const navigate = useNavigate();
  const signup = useSignup();
  const [formError, setFormError] = useState<string | null>(null);
  const [referral] = useState(() => search.referral_code ?? storedReferralCode() ?? '');
  const [showReferral, setShowReferral] = useState(Boolean(referral));
  const form = useForm<SignupValues, unknown, SignupInput>({
    // The checkbox holds a boolean until the contract schema proves it `true`.
    resolver: zodResolver(signupSchema) as Resolver<SignupValues, unknown, SignupInput>,
    defaultValues: { full_name: '', email: '', password: '', terms_conditions_aggreed: false, referrer_id: referral },
  });
  const { errors, isSubmitting } = form.formState;
  const authSearch = pickAuthSearch(search);

  const onSubmit = form.handleSubmit(async ({ referrer_id, ...values }) => {
    setFormError(null);
    try {
      const sent = await signup.mutateAsync({ ...values, ...(referrer_id ? { referrer_id } : {}) });
      forgetReferralCode();
      startOtpCooldown(sent.email, sent.resend_after);
      await navigate({ to: '/auth/verify-account', search: { ...authSearch, email: sent.email } });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, fields));
    }
  });

  const pending = isSubmitting || signup.isPending;
  return (
    <>
      <AuthHeading title="Create your account" description="Start checking and creating content with Candor." />
      {onSignedIn && <OidcButton search={authSearch} onSignedIn={onSignedIn} />}
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Sign up">
        <FormAlert message={formError} />
        <FormField id="signup-full-name" label="Full name" error={errors.full_name}>
          {(aria) => <Input {...aria} autoComplete="name" {...form.register('full_name')} />}
        </FormField>
        <FormField id="signup-email" label="Email" error={errors.email}>
          {(aria) => <EmailInput {...aria} {...form.register('email')} />}
        </FormField>
        <FormField id="signup-password" label="Password" error={errors.password} description={newPasswordHint}>
          {(aria) => <PasswordInput {...aria} autoComplete="new-password" {...form.register('password')} />}
        </FormField>

        <div className="grid gap-2">
          <button
            type="button"
            onClick={() => setShowReferral((v) => !v)}
            aria-expanded={showReferral}
            aria-controls="signup-referral"
            className="inline-flex w-fit items-center gap-1 rounded-sm text-muted-foreground text-sm underline-offset-4 hover:text-foreground hover:underline"
          >
            Have a referral code?
            <ChevronDown
              className={cn('size-4 transition-transform', showReferral && 'rotate-180')}
              aria-hidden="true"
            />
          </button>
          <div id="signup-referral" hidden={!showReferral}>
            <FormField id="signup-referrer" label="Referral code" error={errors.referrer_id}>
              {(aria) => <Input {...aria} autoComplete="off" spellCheck={false} {...form.register('referrer_id')} />}
            </FormField>
          </div>
        </div>

        <div className="grid gap-2">
          <div className="flex items-start gap-3">
            <Checkbox
              id="signup-terms"
              className="mt-0.5"
              aria-invalid={Boolean(errors.terms_conditions_aggreed)}
              aria-describedby={errors.terms_conditions_aggreed ? 'signup-terms-error' : undefined}
              {...form.register('terms_conditions_aggreed')}
            />
            <label htmlFor="signup-terms" className="text-sm leading-snug">
              I agree to the terms and conditions and the privacy policy
            </label>
          </div>
          {errors.terms_conditions_aggreed?.message && (
            <p id="signup-terms-error" className="font-medium text-destructive text-sm">
              {errors.terms_conditions_aggreed.message}
            </p>
          )}
        </div>

        <SubmitButton pending={pending}>Create account</SubmitButton>
      </form>
      <p className="mt-8 text-center text-muted-foreground text-sm">
        Already have an account?{' '}
        <Link
          to="/auth/signin"
          search={authSearch}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </>
  );
}
