import type { ApiKeyCreated } from '@candor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import CircleCheck from 'lucide-react/icons/circle-check';
import Play from 'lucide-react/icons/play';
import Rocket from 'lucide-react/icons/rocket';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { sendWithKey, type TryResponse } from '../api/api-base';
import {
  apiKeysKeys,
  apiToolsQueryOptions,
  useSendWebhook,
  webhookDeliveriesQueryOptions,
  webhookEndpointQueryOptions,
} from '../api/api-keys.queries';
import { ApiKeysCard } from './api-keys-card';
import { CodeBlock } from './code-block';
import { ExamplesPanel, SAMPLE_TEXT } from './examples-panel';
import { DeliveryLog, WebhookCard } from './webhook-card';

function Step({
  number,
  title,
  description,
  done,
  children,
}: {
  number: number;
  title: string;
  description: ReactNode;
  done: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-4 md:grid-cols-[2.5rem_1fr]">
      <div
        aria-hidden="true"
        className={cn(
          'flex size-10 items-center justify-center rounded-full border font-semibold',
          done ? 'border-success bg-success/10 text-success' : 'bg-card',
        )}
      >
        {done ? <CircleCheck className="size-5" /> : number}
      </div>
      <Card>
        <CardHeader>
          <CardTitle id={id} className="flex items-center gap-2">
            Step {number}: {title}
            {done && <Badge variant="success">Done</Badge>}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">{children}</CardContent>
      </Card>
    </section>
  );
}

/** The answer of a "Try it" request: status, time, request id, the key's rate, and the body. */
function TryAnswer({ answer }: { answer: TryResponse }) {
  const ok = answer.status >= 200 && answer.status < 300;
  return (
    <div className="space-y-2" aria-live="polite">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={ok ? 'success' : 'destructive'}>HTTP {answer.status}</Badge>
        <span className="text-muted-foreground">{answer.ms} ms</span>
        {answer.rateLimit.limit && (
          <span className="text-muted-foreground">
            {answer.rateLimit.remaining} of {answer.rateLimit.limit} requests left this minute
          </span>
        )}
        {answer.requestId && <span className="font-mono text-muted-foreground text-xs">{answer.requestId}</span>}
      </p>
      <CodeBlock code={JSON.stringify(answer.body, null, 2)} label="response body" />
    </div>
  );
}

/** `/api-agent-doc-new`: a guided start — a key, a first request from the page, its answer and its webhook. */
export function ApiQuickstartPage() {
  const queryClient = useQueryClient();
  const tools = useQuery(apiToolsQueryOptions());
  const webhook = useQuery(webhookEndpointQueryOptions());
  const deliveries = useQuery({ ...webhookDeliveriesQueryOptions(), enabled: Boolean(webhook.data?.endpoint) });
  const resend = useSendWebhook();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [pastedKey, setPastedKey] = useState('');
  const [tool, setTool] = useState('ai-detection');
  const [text, setText] = useState(SAMPLE_TEXT);
  const keyId = useId();
  const textId = useId();
  const toolId = useId();
  const key = created?.secret ?? pastedKey;
  const send = useMutation({
    mutationFn: () => sendWithKey(`/v1/${tool}`, key, { text }),
    onSuccess: () => {
      // The run is in History and charged; the webhook, if any, is on its way.
      void queryClient.invalidateQueries();
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: apiKeysKeys.deliveries() }), 1_500);
    },
    meta: { errorToast: false },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate();
  }
  const succeeded = send.data !== undefined && send.data.status >= 200 && send.data.status < 300;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Get started with the API"
        description="Three steps to your first result: a key, a request, and the webhook that tells your app it is done."
        icon={Rocket}
      />
      <Step
        number={1}
        title="Create a key"
        done={Boolean(key)}
        description="Name it after where it will run. Its secret is shown once; this page keeps it only until you leave."
      >
        <ApiKeysCard onCreated={setCreated} />
        {!created && (
          <Field>
            <FieldLabel htmlFor={keyId}>Or paste a key you already have</FieldLabel>
            <Input
              id={keyId}
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder="cnd_live_…"
              value={pastedKey}
              onChange={(event) => setPastedKey(event.target.value)}
              className="font-mono"
            />
          </Field>
        )}
      </Step>

      <Step
        number={2}
        title="Send your first request"
        done={succeeded}
        description="This runs the tool for real, from this page to the live API with your key: it is charged like any run and appears in History, marked API."
      >
        <form onSubmit={submit} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-[16rem_1fr]">
            <Field>
              <FieldLabel htmlFor={toolId}>Tool</FieldLabel>
              <select
                id={toolId}
                value={tool}
                onChange={(event) => setTool(event.target.value)}
                className="h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs"
              >
                {(tools.data ?? [{ id: 'ai-detection', summary: 'AI Detection', takesText: true }])
                  .filter((item) => item.takesText)
                  .map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.id}
                    </option>
                  ))}
              </select>
              <FieldDescription>Tools that take a text; the reference shows the others’ inputs.</FieldDescription>
            </Field>
            <Field>
              <FieldLabel htmlFor={textId}>Text</FieldLabel>
              <Textarea id={textId} rows={4} value={text} onChange={(event) => setText(event.target.value)} />
            </Field>
          </div>
          <Button type="submit" disabled={!key || send.isPending}>
            {send.isPending ? <Spinner /> : <Play />}
            Send request
          </Button>
          {!key && <p className="text-muted-foreground text-sm">Create or paste a key first.</p>}
        </form>
        {send.error && <p className="text-destructive text-sm">{getErrorMessage(send.error)}</p>}
        {send.data && <TryAnswer answer={send.data} />}
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">The same request from your code</summary>
          <div className="mt-3">
            <ExamplesPanel tool={tool} text={text} />
          </div>
        </details>
      </Step>

      <Step
        number={3}
        title="Get told when a job ends"
        done={Boolean(deliveries.data?.items.some((d) => d.status === 'succeeded'))}
        description="Set a webhook address and every job you start with a key is POSTed there when it ends, signed with your secret."
      >
        <WebhookCard />
        {webhook.data?.endpoint && (
          <>
            <h3 className="font-medium text-sm">Latest deliveries</h3>
            <DeliveryLog
              deliveries={deliveries.data?.items.slice(0, 5)}
              error={deliveries.error}
              onResend={(id) => resend.mutate(id)}
            />
          </>
        )}
        <p className="text-muted-foreground text-sm">
          Next: the{' '}
          <Link to="/api-agent-doc" className="font-medium text-primary underline-offset-4 hover:underline">
            full reference
          </Link>{' '}
          — jobs for long runs, idempotency keys, errors and rate limits.
        </p>
      </Step>
    </div>
  );
}
