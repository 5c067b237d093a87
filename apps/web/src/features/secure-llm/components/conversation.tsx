import type { ChatDetail } from '@candor/contracts/governance';
import CircleAlert from 'lucide-react/icons/circle-alert';
import EyeOff from 'lucide-react/icons/eye-off';
import MessageSquareLock from 'lucide-react/icons/message-square-lock';
import RotateCw from 'lucide-react/icons/rotate-cw';
import Undo2 from 'lucide-react/icons/undo-2';
import Wand from 'lucide-react/icons/wand-sparkles';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import type { Exchange } from '../use-chat-sender';
import { MessageItem, PendingMessage, StreamingReply } from './message-item';

/** Closer than this to the bottom counts as "following" the conversation: new text scrolls into view. */
const FOLLOW_THRESHOLD_PX = 120;

export type ConversationState =
  | { kind: 'new' }
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'error'; error: unknown; retry: () => void }
  | { kind: 'chat'; chat: ChatDetail };

/** The messages of the open chat, the one on its way, and the reply streaming in. */
export function Conversation({
  state,
  exchange,
  onNewChat,
  emptyContent,
}: {
  state: ConversationState;
  /** Only the exchange of this chat (or of the new chat being started). */
  exchange: Exchange | null;
  onNewChat: () => void;
  /** Shown instead of the introduction while the chat is empty (the "connect a model" panel). */
  emptyContent?: ReactNode;
}) {
  const scroller = useRef<HTMLElement>(null);
  const following = useRef(true);
  const messages = state.kind === 'chat' ? state.chat.messages : [];
  const showPending = exchange && !exchange.prompt;
  const lastId = messages[messages.length - 1]?.id;

  // A new message or more reply text keeps the view at the bottom, unless the user scrolled up to read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the content grows; the effect reads the DOM
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !following.current) return;
    element.scrollTop = element.scrollHeight;
  }, [lastId, exchange?.reply, showPending]);

  // Sending always brings the conversation back to its end.
  useLayoutEffect(() => {
    if (exchange) following.current = true;
  }, [exchange]);

  return (
    <section
      ref={scroller}
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD_PX;
      }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll from the keyboard (WCAG 2.1.1)
      tabIndex={0}
      aria-label="Conversation"
      className="min-h-0 flex-1 overflow-y-auto px-3 py-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset sm:px-5"
    >
      {state.kind === 'loading' ? (
        <ConversationSkeleton />
      ) : state.kind === 'error' ? (
        <Alert variant="destructive" className="mx-auto max-w-xl">
          <CircleAlert />
          <AlertTitle>This chat could not be loaded</AlertTitle>
          <AlertDescription className="flex flex-col items-start gap-3">
            {getErrorMessage(state.error)}
            <Button size="sm" variant="outline" onClick={state.retry}>
              <RotateCw aria-hidden="true" /> Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : state.kind === 'missing' ? (
        <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
          <h2 className="font-semibold text-lg">This chat no longer exists</h2>
          <p className="text-muted-foreground text-sm">
            It was deleted, or its first reply was stopped or interrupted (by a reload, say) before it finished: a new
            chat is only kept once its first reply is.
          </p>
          <Button onClick={onNewChat}>Start a new chat</Button>
        </div>
      ) : messages.length === 0 && !exchange ? (
        (emptyContent ?? <PrivacyIntro />)
      ) : (
        <ol aria-label="Messages" className="mx-auto flex max-w-3xl flex-col gap-5">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
          {showPending && <PendingMessage content={exchange.content} masks={exchange.masks} />}
          {exchange && <StreamingReply text={exchange.reply} />}
        </ol>
      )}
    </section>
  );
}

const steps = [
  {
    icon: Wand,
    title: 'Found as you type',
    text: 'Names, e-mails, card numbers, IDs, keys and more are highlighted before you send, and you decide.',
  },
  {
    icon: EyeOff,
    title: 'The model sees placeholders',
    text: 'Each value is replaced by a placeholder such as [PERSON_NAME_1], the same one all through the chat.',
  },
  {
    icon: Undo2,
    title: 'Restored only for you',
    text: 'Replies come back with the real values put back in, marked so you can see what was hidden.',
  },
];

function PrivacyIntro() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 py-6 text-center sm:py-10">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <MessageSquareLock className="size-6" aria-hidden="true" />
      </span>
      <div className="space-y-1.5">
        <h2 className="font-semibold text-xl tracking-tight">Chat privately with an LLM</h2>
        <p className="text-muted-foreground text-sm">
          Personal data is masked before your message leaves this screen for the model.
        </p>
      </div>
      <ul className="grid w-full gap-3 text-left sm:grid-cols-3">
        {steps.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border bg-card p-4">
            <Icon className="mb-2 size-4 text-primary" aria-hidden="true" />
            <p className="font-medium text-sm">{title}</p>
            <p className="mt-1 text-muted-foreground text-xs leading-relaxed">{text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ConversationSkeleton() {
  return (
    <div role="status" aria-label="Loading the chat" className="mx-auto flex max-w-3xl flex-col gap-5">
      <Skeleton className="h-12 w-2/3 self-end rounded-2xl" />
      <Skeleton className="h-24 w-4/5 rounded-2xl" />
      <Skeleton className="h-10 w-1/2 self-end rounded-2xl" />
      <Skeleton className="h-16 w-3/4 rounded-2xl" />
    </div>
  );
}
