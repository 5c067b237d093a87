import ChartColumn from 'lucide-react/icons/chart-column';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate, formatTokens } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useChatUsage } from '../api/secure-llm.queries';
import { chatsByTokens, dailyMeter, fillUsageDays, type Meter, USAGE_DAYS, usageRange } from '../lib/usage';

const UsageBars = lazy(() => import('./usage-bars'));

const meterColor = (meter: Meter) =>
  meter.level === 'full' ? 'bg-destructive' : meter.level === 'high' ? 'bg-warning' : 'bg-primary';

function MeterBar({ meter, className }: { meter: Meter; className?: string }) {
  return (
    <span className={cn('relative block h-1.5 overflow-hidden rounded-full bg-muted', className)} aria-hidden="true">
      <span
        className={cn('absolute inset-y-0 left-0 rounded-full transition-[width]', meterColor(meter))}
        style={{ width: `${Math.round((meter.ratio ?? 0) * 100)}%` }}
      />
    </span>
  );
}

/** Today's chat tokens against the daily allowance; opens the usage per day and per chat. */
export function UsageMeter({ now, onOpenChat }: { now?: Date; onOpenChat: (chatId: string) => void }) {
  const range = useMemo(() => usageRange(now ?? new Date()), [now]);
  const usage = useChatUsage(range);
  const [open, setOpen] = useState(false);
  const meter = usage.data ? dailyMeter(usage.data.today, usage.data.daily_limit) : null;
  const summary = usage.data
    ? usage.data.daily_limit === null
      ? `${formatTokens(usage.data.today)} tokens today`
      : // Worded as the button shows it ("1.2K / 200K"), so its name contains its visible text.
        `${formatTokens(usage.data.today)} / ${formatTokens(usage.data.daily_limit)} tokens today`
    : 'Chat usage';

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="h-9 gap-2 px-2" aria-label={`${summary}. Show usage`}>
          <ChartColumn aria-hidden="true" className="text-muted-foreground" />
          {usage.isPending ? (
            <Skeleton className="h-3 w-16" />
          ) : meter ? (
            <span className="flex flex-col items-start gap-1">
              <span className="text-xs tabular-nums leading-none">
                {formatTokens(usage.data?.today ?? 0)}
                {usage.data?.daily_limit !== null && (
                  <span className="text-muted-foreground"> / {formatTokens(usage.data?.daily_limit ?? 0)}</span>
                )}
              </span>
              {meter.ratio !== null && <MeterBar meter={meter} className="w-16" />}
            </span>
          ) : (
            <span className="hidden text-xs sm:inline">Usage</span>
          )}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Chat usage</DialogTitle>
          <DialogDescription>
            Tokens the model used for your chats (prompts and replies). Chats are not charged from your token balance;
            each day (UTC) has an allowance instead.
          </DialogDescription>
        </DialogHeader>
        {usage.isPending ? (
          <div className="space-y-3" role="status" aria-label="Loading usage">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-48 w-full" />
          </div>
        ) : usage.isError ? (
          <p className="flex items-center gap-2 text-destructive text-sm" role="alert">
            <CircleAlert className="size-4" aria-hidden="true" /> {getErrorMessage(usage.error)}
          </p>
        ) : (
          <UsageDetails
            usage={usage.data}
            range={range}
            onOpenChat={(id) => {
              setOpen(false);
              onOpenChat(id);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function UsageDetails({
  usage,
  range,
  onOpenChat,
}: {
  usage: NonNullable<ReturnType<typeof useChatUsage>['data']>;
  range: { from_date: string; to_date: string };
  onOpenChat: (chatId: string) => void;
}) {
  const captionId = useId();
  const meter = dailyMeter(usage.today, usage.daily_limit);
  const days = useMemo(() => fillUsageDays(usage.by_day, range), [usage.by_day, range]);
  const chats = useMemo(() => chatsByTokens(usage.by_chat), [usage.by_chat]);
  const periodTotal = days.reduce((sum, day) => sum + day.total, 0);
  const topChat = chats[0]?.tokens ?? 0;
  return (
    <div className="space-y-6">
      <section aria-label="Today" className="space-y-2 rounded-lg border p-3">
        <div className="flex items-baseline justify-between gap-2">
          <p className="font-medium text-sm">Today</p>
          <p className="text-sm tabular-nums">
            {formatTokens(usage.today)}
            {usage.daily_limit === null ? ' tokens · no daily limit' : ` of ${formatTokens(usage.daily_limit)} tokens`}
          </p>
        </div>
        {meter.ratio !== null && (
          <>
            <MeterBar meter={meter} className="h-2" />
            <p className={cn('text-xs', meter.level === 'full' ? 'text-destructive' : 'text-muted-foreground')}>
              {meter.level === 'full'
                ? 'Today’s allowance is used up; it resets at midnight UTC.'
                : `${formatTokens(meter.remaining ?? 0)} tokens left today; the allowance resets at midnight UTC.`}
            </p>
          </>
        )}
      </section>

      <section aria-labelledby={captionId} className="space-y-2">
        <div className="flex items-baseline justify-between gap-2">
          <h3 id={captionId} className="font-medium text-sm">
            Last {USAGE_DAYS} days
          </h3>
          <p className="text-muted-foreground text-xs tabular-nums">{formatTokens(periodTotal)} tokens</p>
        </div>
        {periodTotal === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
            No chat tokens used in this period.
          </p>
        ) : (
          <>
            <Suspense fallback={<Skeleton className="h-48 w-full" />}>
              <UsageBars days={days} />
            </Suspense>
            <table className="sr-only">
              <caption>Chat tokens per day</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Prompts</th>
                  <th scope="col">Replies</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{formatDate(`${day.date}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' })}</th>
                    <td>{formatTokens(day.prompt)}</td>
                    <td>{formatTokens(day.completion)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>

      <section aria-label="Tokens per chat" className="space-y-2">
        <h3 className="font-medium text-sm">Per chat (all time)</h3>
        {chats.length === 0 ? (
          <p className="text-muted-foreground text-sm">No chat has used tokens yet.</p>
        ) : (
          <ul className="space-y-1.5">
            {chats.map((chat) => (
              <li key={chat.chat_id}>
                <button
                  type="button"
                  onClick={() => onOpenChat(chat.chat_id)}
                  className="group grid w-full grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-md px-2 py-1.5 text-left outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="truncate text-sm">{chat.title || 'Untitled chat'}</span>
                  <span className="text-muted-foreground text-xs tabular-nums">{formatTokens(chat.tokens)}</span>
                  <span className="col-span-2 block h-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                    <span
                      className="block h-full rounded-full bg-primary/70"
                      style={{ width: `${Math.max(2, Math.round((chat.tokens / topChat) * 100))}%` }}
                    />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
