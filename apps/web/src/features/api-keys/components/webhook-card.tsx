import type { WebhookDelivery, WebhookEndpointSaved } from '@candor/contracts';
import { useQuery } from '@tanstack/react-query';
import CircleAlert from 'lucide-react/icons/circle-alert';
import RotateCw from 'lucide-react/icons/rotate-cw';
import Send from 'lucide-react/icons/send';
import Webhook from 'lucide-react/icons/webhook';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  useDeleteWebhookEndpoint,
  useRollWebhookSecret,
  useSaveWebhookEndpoint,
  useSendWebhook,
  webhookDeliveriesQueryOptions,
  webhookEndpointQueryOptions,
} from '../api/api-keys.queries';
import { SecretField } from './secret-field';

const statusBadge: Record<
  WebhookDelivery['status'],
  { label: string; variant: 'success' | 'warning' | 'destructive' }
> = {
  succeeded: { label: 'Delivered', variant: 'success' },
  pending: { label: 'Retrying', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
};

/** The account's webhook endpoint (its signing secret shown once) and the log of deliveries, each resendable. */
export function WebhookCard() {
  const state = useQuery(webhookEndpointQueryOptions());
  const deliveries = useQuery({ ...webhookDeliveriesQueryOptions(), enabled: Boolean(state.data?.endpoint) });
  const save = useSaveWebhookEndpoint();
  const roll = useRollWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  const send = useSendWebhook();
  const titleId = useId();
  const urlId = useId();
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const endpoint = state.data?.endpoint;

  useEffect(() => {
    if (endpoint) setUrl(endpoint.url);
  }, [endpoint]);

  const keepSecret = (saved: WebhookEndpointSaved) => {
    if (saved.secret) setSecret(saved.secret);
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(url, {
      onSuccess: (saved) => {
        keepSecret(saved);
        toast.success('Webhook address saved');
      },
    });
  }
  const urlError = isApiError(save.error)
    ? (save.error.fieldErrors.find((e) => e.path === 'url')?.message ?? save.error.message)
    : save.error
      ? getErrorMessage(save.error)
      : undefined;

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Webhook className="size-5 text-primary" aria-hidden="true" />
          Webhook
        </CardTitle>
        <CardDescription>
          When a job you started with a key ends, Candor POSTs it here, signed with your secret (header
          candor-signature). Failed deliveries are retried for about a day.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start" noValidate>
          <Field>
            <FieldLabel htmlFor={urlId}>Endpoint URL</FieldLabel>
            <Input
              id={urlId}
              name="url"
              type="url"
              inputMode="url"
              value={url}
              placeholder="https://example.com/candor/webhooks"
              onChange={(event) => setUrl(event.target.value)}
              aria-invalid={urlError ? true : undefined}
              aria-describedby={`${urlId}-hint ${urlId}-error`}
            />
            <FieldDescription id={`${urlId}-hint`}>
              {state.data?.private_addresses
                ? 'Any http or https address, private networks included (this server allows them).'
                : 'A public http or https address; private and local networks are refused.'}
            </FieldDescription>
            <FieldError id={`${urlId}-error`}>{urlError}</FieldError>
          </Field>
          <Button type="submit" className="sm:mt-[1.375rem]" disabled={save.isPending}>
            {save.isPending && <Spinner />}
            {endpoint ? 'Update' : 'Save'}
          </Button>
        </form>

        {secret && (
          <Alert variant="success" aria-live="polite">
            <Webhook />
            <AlertTitle>Your signing secret</AlertTitle>
            <AlertDescription className="space-y-3">
              <p>Copy it now: it is shown only this once. Use it to check each delivery’s signature.</p>
              <SecretField label="Signing secret" value={secret} what="Signing secret" />
              <Button type="button" variant="outline" size="sm" onClick={() => setSecret(null)}>
                I have copied it
              </Button>
            </AlertDescription>
          </Alert>
        )}

        {endpoint && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted-foreground">
              Secret <span className="font-mono">{endpoint.secret_prefix}…</span>
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={send.isPending}
              onClick={() => send.mutate(undefined)}
            >
              <Send />
              Send a test event
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={roll.isPending}
              onClick={() => roll.mutate(undefined, { onSuccess: keepSecret })}
            >
              <RotateCw />
              New secret
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    setUrl('');
                    toast.success('Webhook removed');
                  },
                })
              }
            >
              Remove
            </Button>
          </div>
        )}

        {endpoint && (
          <DeliveryLog
            deliveries={deliveries.data?.items}
            error={deliveries.error}
            onResend={(id) => send.mutate(id)}
          />
        )}
      </CardContent>
    </Card>
  );
}

export function DeliveryLog({
  deliveries,
  error,
  onResend,
}: {
  deliveries: WebhookDelivery[] | undefined;
  error?: unknown;
  onResend: (id: string) => void;
}) {
  if (error) {
    return (
      <Alert variant="destructive">
        <CircleAlert />
        <AlertTitle>The deliveries could not be loaded</AlertTitle>
        <AlertDescription>{getErrorMessage(error)}</AlertDescription>
      </Alert>
    );
  }
  if (!deliveries) return null;
  if (deliveries.length === 0) return <p className="text-muted-foreground text-sm">No deliveries yet.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">Webhook deliveries, newest first</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground text-xs">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Event
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
              Sent
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => {
            const badge = statusBadge[delivery.status];
            return (
              <tr key={delivery.id} className="border-t align-top">
                <td className="px-3 py-2">
                  <p className="font-mono text-xs">{delivery.event_type}</p>
                  {delivery.job_id && (
                    <p className="text-muted-foreground text-xs">job {delivery.job_id.slice(0, 8)}</p>
                  )}
                </td>
                <td className="px-3 py-2">
                  <Badge variant={badge.variant}>{badge.label}</Badge>
                  <p className="mt-1 text-muted-foreground text-xs">
                    {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                    {delivery.response_status !== null && ` · answered ${delivery.response_status}`}
                  </p>
                  {delivery.error && delivery.status !== 'succeeded' && (
                    <p className="text-destructive text-xs">{delivery.error}</p>
                  )}
                </td>
                <td className="hidden px-3 py-2 text-muted-foreground md:table-cell">
                  {formatDateTime(delivery.delivered_at ?? delivery.created_at)}
                </td>
                <td className="px-3 py-2 text-right">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => onResend(delivery.id)}
                    aria-label={`Resend the ${delivery.event_type} event`}
                  >
                    Resend
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
