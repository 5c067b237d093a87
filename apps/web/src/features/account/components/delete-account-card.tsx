import { deletionMessageMax, type Profile } from '@candor/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { type FormEvent, useState } from 'react';
import { FormAlert, FormField, OtpInput } from '@/components/form/form-parts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { deletionReasonsQueryOptions, useDeleteAccount, useSendDeleteCode } from '../api/account.api';

/** The danger zone: deleting the account, confirmed in a dialog by password (or an e-mailed code without one). */
export function DeleteAccountCard({ profile }: { profile: Profile }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-destructive">Danger zone</CardTitle>
        <CardDescription>
          Deleting your account removes your profile, history, sessions and everything else tied to you. It can’t be
          undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="destructive">Delete account</Button>
          </DialogTrigger>
          <DialogContent
            className="max-h-[90vh] overflow-y-auto"
            // The dialog itself takes focus, so Tab starts at the reasons: they load after it opens, and Radix would
            // otherwise focus "Anything else?" below them.
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              (event.currentTarget as HTMLElement | null)?.focus();
            }}
          >
            <DeleteAccountForm profile={profile} onCancel={() => setOpen(false)} />
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

function DeleteAccountForm({ profile, onCancel }: { profile: Profile; onCancel: () => void }) {
  const reasons = useQuery(deletionReasonsQueryOptions());
  const remove = useDeleteAccount();
  const sendCode = useSendDeleteCode();
  const { auth, queryClient } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  const [selected, setSelected] = useState<number[]>([]);
  const [message, setMessage] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const byPassword = profile.has_password;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setFormError(null);
    if (byPassword && !password) return setFieldError('Confirm with your password');
    if (!byPassword && !/^\d{6}$/.test(code.trim())) return setFieldError('Enter the 6-digit code from the e-mail');
    try {
      await remove.mutateAsync({
        reason_ids: selected,
        message,
        ...(byPassword ? { password } : { code: code.trim() }),
      });
      toast.success('Your account has been deleted', { description: 'We are sorry to see you go.' });
      // The session is over on the server; the guards must see it before sign-in opens.
      auth.clearSession();
      await navigate({ to: '/auth/signin' });
      queryClient.clear();
    } catch (error) {
      const details = isApiError(error) ? error.fieldErrors : [];
      const onConfirm = details.find((d) => d.path === 'password' || d.path === 'code');
      if (onConfirm) setFieldError(onConfirm.message);
      else if (isApiError(error) && error.code.startsWith('otp_')) setFieldError(error.message);
      else setFormError(details.length > 0 ? details.map((d) => d.message).join(' ') : getErrorMessage(error));
    }
  };

  const onSendCode = async () => {
    setFormError(null);
    try {
      await sendCode.mutateAsync();
      setCodeSent(true);
      toast.success('Check your inbox', { description: `We sent a code to ${profile.user.email}.` });
    } catch (error) {
      setFormError(getErrorMessage(error));
    }
  };

  const toggle = (id: number, checked: boolean) =>
    setSelected((current) => (checked ? [...current, id] : current.filter((x) => x !== id)));

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Delete account">
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <TriangleAlert className="size-5 text-destructive" aria-hidden="true" /> Delete your account?
        </DialogTitle>
        <DialogDescription>
          Your profile, history, sessions and codes are deleted at once. We keep only the reasons you pick below,
          without anything that identifies you.
        </DialogDescription>
      </DialogHeader>
      <FormAlert message={formError} />
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium text-sm">Why are you leaving? (optional)</legend>
        {reasons.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : reasons.isError ? (
          <p className="text-muted-foreground text-sm">The reasons could not be loaded; you can still write to us.</p>
        ) : (
          reasons.data.items.map((reason) => (
            <div key={reason.id} className="flex items-center gap-2">
              <Checkbox
                id={`delete-reason-${reason.id}`}
                name="reason_ids"
                value={reason.id}
                checked={selected.includes(reason.id)}
                onChange={(e) => toggle(reason.id, e.target.checked)}
              />
              <Label htmlFor={`delete-reason-${reason.id}`} className="font-normal">
                {reason.label}
              </Label>
            </div>
          ))
        )}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor="delete-message">Anything else? (optional)</Label>
        <textarea
          id="delete-message"
          name="message"
          rows={3}
          maxLength={deletionMessageMax}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder="Please don't include personal details."
          className="w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm dark:bg-input/30"
        />
      </div>
      {byPassword ? (
        <FormField id="delete-password" label="Your password">
          {(aria) => (
            <>
              <PasswordInput
                {...aria}
                name="password"
                autoComplete="current-password"
                value={password}
                aria-invalid={Boolean(fieldError)}
                onChange={(e) => setPassword(e.target.value)}
              />
              <FieldError>{fieldError}</FieldError>
            </>
          )}
        </FormField>
      ) : (
        <div className="grid gap-2">
          <p className="text-muted-foreground text-sm">
            Your account has no password: confirm with a code we e-mail to {profile.user.email}.
          </p>
          <Button type="button" variant="outline" className="w-fit" onClick={onSendCode} disabled={sendCode.isPending}>
            {sendCode.isPending && <Spinner />}
            {codeSent ? 'Send a new code' : 'Send me a code'}
          </Button>
          <FormField id="delete-code" label="Code">
            {(aria) => (
              <>
                <OtpInput
                  {...aria}
                  name="code"
                  value={code}
                  aria-invalid={Boolean(fieldError)}
                  onChange={(e) => setCode(e.target.value)}
                />
                <FieldError>{fieldError}</FieldError>
              </>
            )}
          </FormField>
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={remove.isPending} aria-busy={remove.isPending}>
          {remove.isPending && <Spinner />}
          Delete my account
        </Button>
      </DialogFooter>
    </form>
  );
}
