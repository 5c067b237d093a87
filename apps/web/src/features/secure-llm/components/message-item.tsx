import type { ChatMask, ChatMessage } from '@candor/contracts/governance';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useId, useMemo, useState } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { formatDateTime, formatTokens } from '@/lib/format';
import { cn } from '@/lib/utils';
import { placeholder } from '../lib/masks';
import { splitByRanges } from '../lib/segments';
import { useEntityLabel } from './entity-labels';
import { MaskedText, MaskedValue, ModelView } from './masked-text';

const bubbleClass = (role: ChatMessage['role']) =>
  cn(
    'max-w-[min(100%,42rem)] whitespace-pre-wrap break-words rounded-2xl px-4 py-2.5 text-sm leading-relaxed',
    role === 'user'
      ? 'rounded-br-md bg-primary/10 text-foreground dark:bg-primary/15'
      : 'rounded-bl-md border bg-card text-card-foreground shadow-xs',
  );

interface AuditRow {
  token: string;
  value: string;
  type: ChatMessage['spans'][number]['type'];
  count: number;
}

/** The masked values of a message, once per pseudonym, in the order they first appear. */
function auditRows(message: ChatMessage): AuditRow[] {
  const rows = new Map<string, AuditRow>();
  for (const span of [...message.spans].sort((a, b) => a.start - b.start)) {
    const row = rows.get(span.token);
    if (row) row.count += 1;
    else
      rows.set(span.token, {
        token: span.token,
        value: message.content.slice(span.start, span.end),
        type: span.type,
        count: 1,
      });
  }
  return [...rows.values()];
}

/** One stored message: the readable text with its masked values marked, and the audit of what the model saw. */
export function MessageItem({ message }: { message: ChatMessage }) {
  const [auditOpen, setAuditOpen] = useState(false);
  const [modelView, setModelView] = useState(false);
  const auditId = useId();
  const switchId = useId();
  const labelOf = useEntityLabel();
  const rows = useMemo(() => auditRows(message), [message]);
  const isUser = message.role === 'user';
  const maskedCount = message.spans.length;

  return (
    <li className={cn('flex flex-col gap-1.5', isUser ? 'items-end' : 'items-start')}>
      <article
        aria-label={isUser ? 'Your message' : 'Reply'}
        className={cn(bubbleClass(message.role), modelView && 'border-dashed bg-muted/60 dark:bg-muted/40')}
      >
        {modelView ? (
          <ModelView masked={message.masked_content} spans={message.spans} />
        ) : (
          <MaskedText content={message.content} spans={message.spans} />
        )}
      </article>
      <div
        className={cn(
          'flex flex-wrap items-center gap-x-3 gap-y-1 px-1 text-muted-foreground text-xs',
          isUser && 'justify-end',
        )}
      >
        {modelView && <span className="font-medium text-foreground">Showing what the model saw</span>}
        <button
          type="button"
          aria-expanded={auditOpen}
          aria-controls={auditId}
          onClick={() => setAuditOpen((open) => !open)}
          className="inline-flex items-center gap-1 rounded-sm outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/60"
        >
          <ShieldCheck className="size-3.5 text-primary" aria-hidden="true" />
          {maskedCount === 0 ? 'Nothing masked' : `${maskedCount} masked`}
          <span aria-hidden="true">·</span> Audit
          <ChevronDown className={cn('size-3.5 transition-transform', auditOpen && 'rotate-180')} aria-hidden="true" />
        </button>
        {message.usage && (
          <span title={message.usage.estimated ? 'Estimated: the model did not report its usage' : undefined}>
            {formatTokens(message.usage.prompt_tokens + message.usage.completion_tokens)} tokens
            {message.usage.estimated ? ' (est.)' : ''}
          </span>
        )}
        <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
      </div>
      {auditOpen && (
        <section
          id={auditId}
          aria-label={isUser ? 'Audit of your message' : 'Audit of the reply'}
          className="w-full max-w-[min(100%,42rem)] space-y-3 rounded-xl border bg-card/60 p-3 text-sm"
        >
          <div className="flex items-center gap-2">
            <Switch id={switchId} checked={modelView} onCheckedChange={setModelView} />
            <Label htmlFor={switchId} className="font-normal">
              {isUser ? 'Show exactly what the model received' : 'Show exactly what the model wrote'}
            </Label>
          </div>
          {rows.length === 0 ? (
            <p className="text-muted-foreground">
              {isUser
                ? 'No personal data was masked in this message: the model saw it as written.'
                : 'The reply held no placeholders to restore.'}
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-xs">
                <caption className="sr-only">Masked values and what the model saw instead</caption>
                <thead className="text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Value
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Type
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      The model saw
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.token} className="border-t">
                      <td className="max-w-48 truncate py-1.5 pr-3 font-medium" title={row.value}>
                        {row.value}
                        {row.count > 1 && <span className="text-muted-foreground"> ×{row.count}</span>}
                      </td>
                      <td className="py-1.5 pr-3 text-muted-foreground">{labelOf(row.type)}</td>
                      <td className="py-1.5 font-mono">{row.token}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </li>
  );
}

/** The message just sent, until the server stores it: the masks the composer chose, as placeholders for now. */
export function PendingMessage({ content, masks }: { content: string; masks: readonly ChatMask[] }) {
  const labelOf = useEntityLabel();
  const segments = useMemo(() => splitByRanges(content, masks), [content, masks]);
  return (
    <li className="flex flex-col items-end gap-1.5">
      <article aria-label="Your message (sending)" className={cn(bubbleClass('user'), 'opacity-80')}>
        {segments.map((segment) =>
          segment.range ? (
            <MaskedValue
              key={segment.start}
              label={labelOf(segment.range.type)}
              tooltip={`Sent as ${placeholder(segment.range.type)} — the model never sees this value`}
            >
              {segment.text}
            </MaskedValue>
          ) : (
            <span key={segment.start}>{segment.text}</span>
          ),
        )}
      </article>
      <span className="px-1 text-muted-foreground text-xs">Masking and sending…</span>
    </li>
  );
}

/** The reply as it streams in; the stored reply (with its marks) replaces it when it is complete. */
export function StreamingReply({ text }: { text: string }) {
  return (
    <li className="flex flex-col items-start gap-1.5">
      <article aria-label="Reply (arriving)" aria-busy="true" className={bubbleClass('assistant')}>
        {text ? (
          <span>{text}</span>
        ) : (
          <span className="inline-flex gap-1 py-1" role="status" aria-label="Waiting for the model">
            <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.3s]" />
            <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.15s]" />
            <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground" />
          </span>
        )}
        {text && (
          <span
            aria-hidden="true"
            className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse bg-primary/70"
          />
        )}
      </article>
    </li>
  );
}
