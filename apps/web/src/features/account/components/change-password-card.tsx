import { type ChangePasswordInput, changePasswordSchema, type Profile } from '@candor/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import KeyRound from 'lucide-react/icons/key-round';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert, FormField, newPasswordHint, SubmitButton } from '@/components/form/form-parts';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PasswordInput } from '@/components/ui/password-input';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useChangePassword } from '../api/account.api';

const fields = ['current_password', 'new_password', 'new_password_confirm'] as const;
const empty: ChangePasswordInput = { current_password: '', new_password: '', new_password_confirm: '' };

/** Change password; every other session is signed out. Accounts without a password set one by e-mailed code. */
export function ChangePasswordCard({ profile }: { profile: Profile }) {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: empty });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      form.reset(empty);
      toast.success('Password changed', { description: 'Every other session has been signed out.' });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, fields));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing your password signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        {profile.has_password ? (
          <form onSubmit={onSubmit} noValidate className="grid gap-5 sm:max-w-xl" aria-label="Change password">
            <FormAlert message={formError} />
            <FormField id="current-password" label="Current password" error={errors.current_password}>
              {(aria) => (
                <PasswordInput {...aria} autoComplete="current-password" {...form.register('current_password')} />
              )}
            </FormField>
            <FormField id="new-password" label="New password" error={errors.new_password} description={newPasswordHint}>
              {(aria) => <PasswordInput {...aria} autoComplete="new-password" {...form.register('new_password')} />}
            </FormField>
            <FormField id="new-password-confirm" label="Confirm new password" error={errors.new_password_confirm}>
              {(aria) => (
                <PasswordInput {...aria} autoComplete="new-password" {...form.register('new_password_confirm')} />
              )}
            </FormField>
            <div>
              <SubmitButton pending={form.formState.isSubmitting || change.isPending} className="w-auto" size="default">
                Change password
              </SubmitButton>
            </div>
          </form>
        ) : (
          <Alert variant="info">
            <KeyRound />
            <AlertTitle>Your account has no password yet</AlertTitle>
            <AlertDescription>
              You sign in with an identity provider, so there is no password to change here. To add one, sign out and
              use “Forgot password?” on the sign-in screen with {profile.user.email}: the e-mailed code lets you set a
              password.
            </AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
