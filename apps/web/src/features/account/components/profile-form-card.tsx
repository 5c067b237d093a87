import { type Profile, type ProfileUpdateInput, profileUpdateSchema, userCategories } from '@candor/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import MailCheck from 'lucide-react/icons/mail-check';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  EmailInput,
  FormAlert,
  FormField,
  OtpInput,
  ResendCodeButton,
  SubmitButton,
} from '@/components/form/form-parts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useCountdown } from '@/lib/use-countdown';
import { useResendEmailChange, useUpdateProfile, useVerifyEmailChange } from '../api/account.api';

const profileFields = ['full_name', 'email', 'category'] as const;

export const selectClassName =
  'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 text-base shadow-xs outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 md:text-sm dark:bg-input/30';

/** Name, e-mail and category. A new e-mail waits for the code sent to it before it replaces the old one. */
export function ProfileFormCard({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ email: string; resendAt: number } | null>(
    profile.pending_email ? { email: profile.pending_email, resendAt: 0 } : null,
  );
  const form = useForm<ProfileUpdateInput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      full_name: profile.user.full_name,
      email: profile.user.email,
      category: profile.user.category ?? '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await update.mutateAsync(values);
      form.reset({
        full_name: result.user.full_name,
        email: result.user.email,
        category: result.user.category ?? '',
      });
      if (result.email_change) {
        setPending({
          email: result.email_change.email,
          resendAt: Date.now() + result.email_change.resend_after * 1000,
        });
        toast.success('Profile saved', { description: `Enter the code we sent to ${result.email_change.email}.` });
      } else {
        toast.success('Profile saved');
      }
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, profileFields));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>How you appear in Candor and where we send your e-mails.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form onSubmit={onSubmit} noValidate className="grid gap-5 sm:max-w-xl" aria-label="Profile">
          <FormAlert message={formError} />
          <FormField id="profile-full-name" label="Full name" error={errors.full_name}>
            {(aria) => <Input {...aria} autoComplete="name" {...form.register('full_name')} />}
          </FormField>
          <FormField
            id="profile-email"
            label="Email"
            error={errors.email}
            description="Changing it sends a code to the new address; the change takes effect once you enter it."
          >
            {(aria) => <EmailInput {...aria} {...form.register('email')} />}
          </FormField>
          <FormField id="profile-category" label="Category" error={errors.category}>
            {(aria) => (
              <select {...aria} className={selectClassName} {...form.register('category')}>
                <option value="">Choose what describes you best</option>
                {userCategories.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <div>
            <SubmitButton pending={form.formState.isSubmitting || update.isPending} className="w-auto" size="default">
              Save changes
            </SubmitButton>
          </div>
        </form>
        {pending && (
          <EmailChangeStep
            key={pending.email}
            email={pending.email}
            resendAt={pending.resendAt}
            onDone={(email) => {
              setPending(null);
              form.reset({ ...form.getValues(), email });
            }}
            onResent={(resendAt) => setPending({ ...pending, resendAt })}
          />
        )}
      </CardContent>
    </Card>
  );
}

function EmailChangeStep({
  email,
  resendAt,
  onDone,
  onResent,
}: {
  email: string;
  resendAt: number;
  onDone: (email: string) => void;
  onResent: (resendAt: number) => void;
}) {
  const verify = useVerifyEmailChange();
  const resend = useResendEmailChange();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const secondsLeft = useCountdown(resendAt);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^\d{6}$/.test(code.trim())) {
      setError('Enter the 6-digit code from the e-mail');
      return;
    }
    try {
      const profile = await verify.mutateAsync(code.trim());
      toast.success('E-mail address changed', { description: `You now sign in with ${profile.user.email}.` });
      onDone(profile.user.email);
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : 'The code could not be checked. Please try again.');
    }
  };

  const onResend = async () => {
    setError(null);
    try {
      const sent = await resend.mutateAsync();
      onResent(Date.now() + sent.resend_after * 1000);
      toast.success('A new code is on its way');
    } catch (caught) {
      if (isApiError(caught) && caught.status === 429 && caught.retryAfter) {
        onResent(Date.now() + caught.retryAfter * 1000);
        return;
      }
      setError(isApiError(caught) ? caught.message : 'The code could not be sent. Please try again.');
    }
  };

  return (
    <section
      aria-labelledby="email-change-title"
      className="space-y-4 rounded-lg border border-primary/30 bg-accent/40 p-4 sm:max-w-xl"
    >
      <div className="flex items-start gap-3">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="space-y-1">
          <h3 id="email-change-title" className="font-medium text-sm">
            Confirm your new e-mail address
          </h3>
          <p className="text-muted-foreground text-sm">
            We sent a 6-digit code to <span className="font-medium text-foreground">{email}</span>. Your address changes
            once you enter it.
          </p>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Confirm new e-mail">
        <FormAlert message={error} />
        <FormField id="email-change-code" label="Code">
          {(aria) => <OtpInput {...aria} name="code" value={code} onChange={(e) => setCode(e.target.value)} />}
        </FormField>
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton pending={verify.isPending} className="w-auto" size="default">
            Confirm e-mail
          </SubmitButton>
          <ResendCodeButton secondsLeft={secondsLeft} pending={resend.isPending} onResend={onResend} />
        </div>
      </form>
    </section>
  );
}
