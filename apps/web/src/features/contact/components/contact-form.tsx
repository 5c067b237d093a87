import {
  CONTACT_APPEAL_TYPE,
  type ContactRequestInput,
  contactRequestSchema,
  limits,
  type UserInfo,
} from '@candor/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import CircleCheck from 'lucide-react/icons/circle-check';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert, FormField, SubmitButton } from '@/components/form/form-parts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSendContactRequest } from '../api/contact';

const fields = ['full_name', 'email', 'company', 'phone_number', 'message', 'appeal_type', 'source'] as const;

interface ContactFormProps {
  /** Prefills name and e-mail. */
  user: UserInfo | null | undefined;
  /** Where the visitor came from (`?source=`). */
  source: string | undefined;
}

/** The contact form of spec §3 (a demo request), then a confirmation. */
export function ContactForm({ user, source }: ContactFormProps) {
  const send = useSendContactRequest();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  const defaults = (): ContactRequestInput => ({
    full_name: user?.full_name ?? '',
    email: user?.email ?? '',
    company: '',
    phone_number: '',
    message: '',
    appeal_type: CONTACT_APPEAL_TYPE,
    source: source ?? '',
  });
  const form = useForm<ContactRequestInput>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: defaults(),
  });
  const { errors, isSubmitting } = form.formState;
  // The confirmation replaces the form and the form replaces it: focus moves with them, never left on <body>.
  const confirmation = useRef<HTMLDivElement>(null);
  const [returned, setReturned] = useState(false);
  useEffect(() => {
    if (sent) confirmation.current?.focus();
    else if (returned) form.setFocus('full_name');
  }, [sent, returned, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await send.mutateAsync(values);
      toast.success('Message sent', { description: 'We will get back to you shortly.' });
      setSent({ name: values.full_name, email: values.email });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, fields));
    }
  });

  if (sent) {
    return (
      <Card
        ref={confirmation}
        tabIndex={-1}
        className="mx-auto max-w-2xl text-center outline-none"
        role="status"
        aria-labelledby="contact-sent-title"
      >
        <CardHeader className="items-center">
          <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-success/15 text-success">
            <CircleCheck className="size-6" aria-hidden="true" />
          </span>
          <CardTitle id="contact-sent-title" className="text-xl">
            Thank you, {sent.name}!
          </CardTitle>
          <CardDescription>
            We received your demo request and will reply to <strong className="text-foreground">{sent.email}</strong>{' '}
            within one business day.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              form.reset(defaults());
              setSent(null);
              setReturned(true);
            }}
          >
            Send another message
          </Button>
        </CardContent>
      </Card>
    );
  }

  const pending = isSubmitting || send.isPending;
  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-5 text-primary" aria-hidden="true" />
          Schedule a demo
        </CardTitle>
        <CardDescription>
          Tell us about your team and what you want to see. Someone from Candor will reply by e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Contact us">
          <FormAlert message={formError} />
          <input type="hidden" {...form.register('appeal_type')} />
          <input type="hidden" {...form.register('source')} />
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="contact-full-name" label="Full name" error={errors.full_name}>
              {(aria) => (
                <Input {...aria} autoComplete="name" maxLength={limits.fullNameMax} {...form.register('full_name')} />
              )}
            </FormField>
            <FormField id="contact-email" label="Email" error={errors.email}>
              {(aria) => (
                <Input
                  {...aria}
                  type="email"
                  autoComplete="email"
                  spellCheck={false}
                  maxLength={limits.emailMax}
                  {...form.register('email')}
                />
              )}
            </FormField>
            <FormField id="contact-company" label="Company (optional)" error={errors.company}>
              {(aria) => <Input {...aria} autoComplete="organization" {...form.register('company')} />}
            </FormField>
            <FormField
              id="contact-phone"
              label="Phone number (optional)"
              error={errors.phone_number}
              description="Up to 15 characters, e.g. +1 555 0100"
            >
              {(aria) => <Input {...aria} type="tel" autoComplete="tel" {...form.register('phone_number')} />}
            </FormField>
          </div>
          <FormField
            id="contact-message"
            label="Message"
            error={errors.message}
            description="What would you like to see in the demo? How many people would use Candor?"
          >
            {(aria) => <Textarea {...aria} rows={6} className="max-h-80" {...form.register('message')} />}
          </FormField>
          <SubmitButton pending={pending} className="w-full sm:w-auto sm:justify-self-end">
            Send message
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
