import { errorCodes, type SigninInput, signinSchema } from '@candor/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert, FormField, SubmitButton } from '@/components/form/form-parts';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSignin } from '../api/auth.mutations';
import { type AuthSearch, pickAuthSearch } from '../search';
import { AuthHeading } from './auth-layout';
import { OidcButton } from './oidc-button';

const fields = ['email', 'password'] as const;

export function SigninForm({ search, onSignedIn }: { search: AuthSearch; onSignedIn: () => Promise<void> }) {
  const navigate = useNavigate();
  const signin = useSignin();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SigninInput>({
    resolver: zodResolver(signinSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const authSearch = pickAuthSearch(search);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signin.mutateAsync(values);
      await onSignedIn();
    } catch (error) {
      if (isApiError(error) && error.code === errorCodes.accountNotVerified) {
        // The server sent a fresh code: finish the sign-up on the verification screen.
        const details = error.details as { email?: unknown } | undefined;
        const email = typeof details?.email === 'string' ? details.email : values.email;
        toast.info('Please verify your account', { description: `We sent a new code to ${email}.` });
        await navigate({ to: '/auth/verify-account', search: { ...authSearch, email } });
        return;
      }
      setFormError(applyServerErrors(error, form.setError, fields));
    }
  });

  const pending = isSubmitting || signin.isPending;
  return (
    <>
      <AuthHeading title="Welcome back" description="Sign in to your Candor account." />
      <OidcButton search={authSearch} onSignedIn={onSignedIn} />
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Sign in">
        <FormAlert message={formError} />
        <FormField id="signin-email" label="Email or username" error={errors.email}>
          {(aria) => (
            <Input
              {...aria}
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              {...form.register('email')}
            />
          )}
        </FormField>
        <FormField
          id="signin-password"
          label="Password"
          error={errors.password}
          labelAction={
            <Link
              to="/auth/forgot-password"
              search={{ redirect: search.redirect }}
              className="rounded-sm text-muted-foreground text-xs underline-offset-4 hover:text-foreground hover:underline"
            >
              Forgot password?
            </Link>
          }
        >
          {(aria) => <PasswordInput {...aria} autoComplete="current-password" {...form.register('password')} />}
        </FormField>
        <SubmitButton pending={pending}>Sign in</SubmitButton>
      </form>
      <p className="mt-8 text-center text-muted-foreground text-sm">
        New to Candor?{' '}
        <Link
          to="/auth/signup"
          search={authSearch}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Create an account
        </Link>
      </p>
    </>
  );
}
