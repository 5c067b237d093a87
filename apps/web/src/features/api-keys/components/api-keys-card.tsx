import { API_KEY_NAME_MAX, type ApiAccess, type ApiKey, type ApiKeyCreated } from '@candor/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import CircleAlert from 'lucide-react/icons/circle-alert';
import KeyRound from 'lucide-react/icons/key-round';
import Lock from 'lucide-react/icons/lock';
import Trash2 from 'lucide-react/icons/trash-2';
import { type FormEvent, useId, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { apiKeysQueryOptions, useCreateApiKey, useDeleteApiKey } from '../api/api-keys.queries';
import { SecretField } from './secret-field';

const expiryChoices = [
  { label: 'Never', days: null },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
  { label: '1 year', days: 365 },
] as const;

/** Whether the plan gives API access, and the way to get it when not. */
export function ApiAccessNotice({ access }: { access: ApiAccess }) {
  if (access.allowed) return null;
  return (
    <Alert variant="warning">
      <Lock />
      <AlertTitle>Your plan has no API access</AlertTitle>
      <AlertDescription>
        <p>{access.reason}</p>
        <Button asChild size="sm" className="mt-2">
          <Link to="/pricing" search={{ tab: 'api-agent' }}>
            See the API plans
          </Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** The account's API keys: create one (its secret shown once), list them, delete one. */
export function ApiKeysCard({ onCreated }: { onCreated?: (created: ApiKeyCreated) => void }) {
  const keys = useQuery(apiKeysQueryOptions());
  const create = useCreateApiKey();
  const titleId = useId();
  const nameId = useId();
  const [name, setName] = useState('');
  const [days, setDays] = useState<number | null>(null);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const access = keys.data?.access;

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { name, expires_in_days: days },
      {
        onSuccess: (result) => {
          setCreated(result);
          setName('');
          onCreated?.(result);
        },
      },
    );
  }
  const fieldError = isApiError(create.error)
    ? (create.error.fieldErrors.find((e) => e.path === 'name' || e.path === 'expires_in_days')?.message ??
      create.error.message)
    : create.error
      ? getErrorMessage(create.error)
      : undefined;

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <KeyRound className="size-5 text-primary" aria-hidden="true" />
          API keys
        </CardTitle>
        <CardDescription>
          Call every tool from your own code. Runs are charged like runs on the screens and appear in History, marked
          API.{access?.allowed ? ` Each key may make ${access.requests_per_minute} requests a minute.` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {keys.isPending && <Skeleton className="h-24 rounded-lg" aria-label="Loading your API keys" />}
        {keys.error && (
          <Alert variant="destructive">
            <CircleAlert />
            <AlertTitle>Your API keys could not be loaded</AlertTitle>
            <AlertDescription>{getErrorMessage(keys.error)}</AlertDescription>
          </Alert>
        )}
        {access && <ApiAccessNotice access={access} />}

        {created && (
          <Alert variant="success" aria-live="polite">
            <KeyRound />
            <AlertTitle>Your new key “{created.key.name}”</AlertTitle>
            <AlertDescription className="space-y-3">
              <p>Copy it now: it is shown only this once. Keep it secret, like a password.</p>
              <SecretField label="Secret key" value={created.secret} what="API key" />
              <Button type="button" variant="outline" size="sm" onClick={() => setCreated(null)}>
                I have copied it
              </Button>
            </AlertDescription>
          </Alert>
        )}

        {access?.allowed && (
          <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end" noValidate>
            <Field>
              <FieldLabel htmlFor={nameId}>Key name</FieldLabel>
              <Input
                id={nameId}
                name="name"
                value={name}
                maxLength={API_KEY_NAME_MAX}
                placeholder="Production server"
                onChange={(event) => setName(event.target.value)}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={`${nameId}-hint ${nameId}-error`}
              />
              <FieldDescription id={`${nameId}-hint`}>Where the key is used, to tell keys apart.</FieldDescription>
              <FieldError id={`${nameId}-error`}>{fieldError}</FieldError>
            </Field>
            <Field>
              <FieldLabel htmlFor={`${nameId}-expiry`}>Expires</FieldLabel>
              <select
                id={`${nameId}-expiry`}
                name="expires_in_days"
                value={days ?? ''}
                onChange={(event) => setDays(event.target.value ? Number(event.target.value) : null)}
                className="h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs"
              >
                {expiryChoices.map((choice) => (
                  <option key={choice.label} value={choice.days ?? ''}>
                    {choice.label}
                  </option>
                ))}
              </select>
              <FieldDescription>&nbsp;</FieldDescription>
            </Field>
            <div className="grid gap-2">
              <Button type="submit" disabled={create.isPending}>
                {create.isPending && <Spinner />}
                Create key
              </Button>
              <FieldDescription>&nbsp;</FieldDescription>
            </div>
          </form>
        )}

        {keys.data && keys.data.items.length > 0 && (
          <div className="overflow-x-auto rounded-lg border">
            <table className="w-full text-sm">
              <caption className="sr-only">Your API keys</caption>
              <thead className="bg-muted/50 text-left text-muted-foreground text-xs">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Name
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Key
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
                    Created
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
                    Last used
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Expires
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.items.map((key) => {
                  const expired = key.expires_at !== null && new Date(key.expires_at) <= new Date();
                  return (
                    <tr key={key.id} className="border-t">
                      <td className="px-3 py-2 font-medium">{key.name}</td>
                      <td className="px-3 py-2 font-mono text-xs">
                        {key.prefix}…{key.last_four}
                      </td>
                      <td className="hidden px-3 py-2 text-muted-foreground md:table-cell">
                        {formatDate(key.created_at)}
                      </td>
                      <td className="hidden px-3 py-2 text-muted-foreground md:table-cell">
                        {key.last_used_at ? formatDateTime(key.last_used_at) : 'Never'}
                      </td>
                      <td className="px-3 py-2 text-muted-foreground">
                        {expired ? (
                          <Badge variant="warning">Expired</Badge>
                        ) : key.expires_at ? (
                          formatDate(key.expires_at)
                        ) : (
                          'Never'
                        )}
                      </td>
                      <td className="px-3 py-2 text-right">
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          aria-label={`Delete the key ${key.name}`}
                          title="Delete"
                          onClick={() => setDeleting(key)}
                        >
                          <Trash2 />
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {keys.data && keys.data.items.length === 0 && access?.allowed && (
          <p className="text-muted-foreground text-sm">No keys yet. Create one to make your first request.</p>
        )}
      </CardContent>
      <DeleteKeyDialog apiKey={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}

function DeleteKeyDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const remove = useDeleteApiKey();
  return (
    <Dialog open={apiKey !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete the key “{apiKey?.name}”?</DialogTitle>
          <DialogDescription>
            Requests with it are refused from the next one on. This can’t be undone; runs made with it stay in History.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Keep it
            </Button>
          </DialogClose>
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              apiKey &&
              remove.mutate(apiKey.id, {
                onSuccess: () => {
                  toast.success(`Deleted the key “${apiKey.name}”`);
                  onClose();
                },
              })
            }
          >
            {remove.isPending && <Spinner />}
            Delete key
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
