import { CHAT_MESSAGE_MAX_CHARACTERS } from '@candor/contracts/governance';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ChevronDown from 'lucide-react/icons/chevron-down';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import Info from 'lucide-react/icons/info';
import Square from 'lucide-react/icons/square';
import TextSelect from 'lucide-react/icons/text-select';
import X from 'lucide-react/icons/x';
import { type ReactNode, type Ref, useId, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import {
  type EntityType,
  type ManualMask,
  type MaskItem,
  type MaskPlan,
  manualMaskFromSelection,
  placeholder,
} from '../lib/masks';
import { type Range, splitByRanges } from '../lib/segments';
import type { SendFailure } from '../use-chat-sender';
import { useEntityLabel } from './entity-labels';

/** The type a selection is masked as until the user picks another. */
export const DEFAULT_MANUAL_TYPE: EntityType = 'PERSON_NAME';
/** The character count shows once a message gets this close to the limit. */
const COUNTER_FROM = CHAT_MESSAGE_MAX_CHARACTERS - 2_000;
const PREVIEW_CLAMP_CHARACTERS = 80;

export interface ComposerHandle {
  focus: () => void;
}

export interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  plan: MaskPlan;
  /** The preview has not caught up with the text yet. */
  checking: boolean;
  previewError: Error | null;
  /** Every entity type is turned off: only what the user masks by hand is masked. */
  autoMaskingOff: boolean;
  onToggleItem: (item: MaskItem) => void;
  onMaskSelection: (mask: ManualMask) => void;
  maskTypes: readonly { type: EntityType; name: string }[];
  busy: boolean;
  /** The message is being checked one last time before it goes out. */
  preparing?: boolean;
  /** Why sending is not possible right now (no model…); undefined when it is. */
  sendBlockedReason: string | undefined;
  onSend: () => void;
  onStop: () => void;
  failure: SendFailure | null;
  onDismissFailure: () => void;
  /** Starts a new chat, offered when the model refused the conversation (too long for its context window). */
  onNewChat: () => void;
  /** Model picker and masking settings. */
  toolbar: ReactNode;
  ref?: Ref<ComposerHandle>;
}

const formatWait = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
};

/**
 * The message box with its masking preview: what will be masked is highlighted behind the text and listed below
 * it (each value toggled as a whole), a selection can be masked too, and the last line shows the message exactly
 * as the model will get it.
 */
export function Composer(props: ComposerProps) {
  const {
    ref,
    value,
    onChange,
    plan,
    checking,
    previewError,
    autoMaskingOff,
    onToggleItem,
    onMaskSelection,
    maskTypes,
    busy,
    preparing = false,
    sendBlockedReason,
    onSend,
    onStop,
    failure,
    onDismissFailure,
    onNewChat,
    toolbar,
  } = props;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [selection, setSelection] = useState<Range | null>(null);
  const [maskType, setMaskType] = useState<EntityType>(DEFAULT_MANUAL_TYPE);
  const [previewExpanded, setPreviewExpanded] = useState(false);
  const labelOf = useEntityLabel();
  const hintId = useId();
  const statusId = useId();
  useImperativeHandle(ref, () => ({ focus: () => textarea.current?.focus() }), []);

  const tooLong = value.length > CHAT_MESSAGE_MAX_CHARACTERS;
  const empty = value.trim() === '';
  const blocked = sendBlockedReason ?? (tooLong ? 'This message is too long to send.' : undefined);
  const selectionMask = selection ? manualMaskFromSelection(value, selection, maskType) : null;
  const maskedCount = plan.masks.length;

  const readSelection = () => {
    const element = textarea.current;
    if (!element) return;
    const { selectionStart: start, selectionEnd: end } = element;
    setSelection(end > start ? { start, end } : null);
  };

  const maskSelection = () => {
    if (!selectionMask) return;
    onMaskSelection(selectionMask);
    setSelection(null);
    textarea.current?.focus();
  };

  const backdrop = useMemo(() => splitByRanges(value, plan.marks), [value, plan.marks]);
  const preview = useMemo(() => splitByRanges(value, plan.masks), [value, plan.masks]);
  const previewLong = value.length > PREVIEW_CLAMP_CHARACTERS;

  const status = empty
    ? null
    : autoMaskingOff
      ? 'Automatic masking is off for every type: only what you select is masked.'
      : checking
        ? 'Checking for personal data…'
        : previewError
          ? 'The masking preview is unavailable right now; your message is checked again when you send it.'
          : maskedCount === 0
            ? 'No personal data found. Select text to mask it yourself.'
            : `${maskedCount} ${maskedCount === 1 ? 'value' : 'values'} will be masked.`;

  return (
    <div className="space-y-2">
      {failure && (
        <Alert variant={failure.code === 'stopped' ? 'info' : 'destructive'} className="pr-10">
          {failure.code === 'stopped' ? <Info /> : <CircleAlert />}
          <AlertDescription>
            <p>
              {failure.message}
              {failure.retryAfter !== undefined && ` You can chat again in ${formatWait(failure.retryAfter)}.`}
            </p>
            {failure.code !== 'stopped' && <p>Nothing is lost: your message is in the box below.</p>}
            {failure.code === 'llm_bad_request' && (
              <Button size="sm" variant="outline" className="mt-2" onClick={onNewChat}>
                Start a new chat
              </Button>
            )}
          </AlertDescription>
          <button
            type="button"
            onClick={onDismissFailure}
            className="absolute top-2.5 right-2.5 rounded-sm p-1 opacity-70 outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring/60"
            aria-label="Dismiss"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </Alert>
      )}
      <div className="rounded-2xl border bg-card shadow-sm transition-[box-shadow,border-color] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/30">
        <div className="max-h-[40svh] overflow-y-auto sm:max-h-64">
          <div className="grid">
            {/* The highlight layer: the same text, transparent, under the textarea; it also sizes the box. */}
            <div
              aria-hidden="true"
              data-testid="mask-highlights"
              className="pointer-events-none whitespace-pre-wrap break-words px-4 pt-3 pb-2 text-base text-transparent leading-6 [grid-area:1/1] md:text-sm md:leading-6"
            >
              {backdrop.map((segment) =>
                segment.range ? (
                  <span
                    key={segment.start}
                    data-masked={segment.range.masked}
                    className={cn(
                      'rounded-[3px]',
                      segment.range.masked
                        ? 'bg-primary/15 underline decoration-2 decoration-primary underline-offset-[3px] dark:bg-primary/25'
                        : 'underline decoration-2 decoration-dashed decoration-warning underline-offset-[3px]',
                    )}
                  >
                    {segment.text}
                  </span>
                ) : (
                  <span key={segment.start}>{segment.text}</span>
                ),
              )}
              {/* Keeps a trailing empty line as tall as the textarea's. */}
              {'\u200b'}
            </div>
            <textarea
              ref={textarea}
              value={value}
              rows={2}
              maxLength={CHAT_MESSAGE_MAX_CHARACTERS + 1_000}
              aria-label="Message"
              aria-describedby={hintId}
              aria-invalid={tooLong || undefined}
              placeholder="Write a message. Personal data is masked before the model sees it."
              onChange={(event) => {
                onChange(event.target.value);
                setSelection(null);
              }}
              onSelect={readSelection}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
                event.preventDefault();
                if (!busy && !preparing && !blocked && !empty) onSend();
              }}
              className="min-h-16 resize-none overflow-hidden border-0 bg-transparent px-4 pt-3 pb-2 text-base leading-6 outline-none [grid-area:1/1] placeholder:text-muted-foreground md:text-sm md:leading-6"
            />
          </div>
        </div>

        {!empty && (
          <div className="flex flex-wrap items-start gap-2 px-3 pb-2">
            {plan.items.length > 0 && (
              <ul
                aria-label="Personal data in your message"
                className="flex max-h-24 w-full min-w-0 flex-wrap gap-1.5 overflow-y-auto sm:w-auto sm:flex-1"
              >
                {plan.items.map((item) => (
                  <li key={item.key} className="min-w-0">
                    <MaskChip item={item} label={labelOf(item.type)} onToggle={() => onToggleItem(item)} />
                  </li>
                ))}
              </ul>
            )}
            {/* Only the button waits for a selection (it dims itself); the type can be chosen beforehand. */}
            <div className="ml-auto inline-flex shrink-0 rounded-md shadow-xs">
              <Button
                variant="outline"
                size="sm"
                className="rounded-r-none"
                disabled={!selectionMask}
                onClick={maskSelection}
                title={selectionMask ? undefined : 'Select text in your message to mask it'}
              >
                <TextSelect aria-hidden="true" />
                Mask selection
              </Button>
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button
                    variant="outline"
                    size="sm"
                    className="-ml-px max-w-40 rounded-l-none px-2"
                    aria-label={`Type for masked selections: ${labelOf(maskType)}`}
                  >
                    <span className="truncate text-muted-foreground text-xs">{labelOf(maskType)}</span>
                    <ChevronDown aria-hidden="true" />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end" className="max-h-72 w-60">
                  <DropdownMenuLabel>Mask selections as</DropdownMenuLabel>
                  <DropdownMenuRadioGroup value={maskType} onValueChange={(type) => setMaskType(type as EntityType)}>
                    {maskTypes.map(({ type, name }) => (
                      <DropdownMenuRadioItem key={type} value={type}>
                        {name}
                      </DropdownMenuRadioItem>
                    ))}
                  </DropdownMenuRadioGroup>
                </DropdownMenuContent>
              </DropdownMenu>
            </div>
          </div>
        )}

        {/* A message over the limit isn't checked for personal data, so no preview claims what the model would see. */}
        {!empty && !tooLong && (
          <div className="border-t bg-muted/40 px-4 py-2 text-xs dark:bg-muted/20">
            <p className={cn('break-words text-muted-foreground', !previewExpanded && 'line-clamp-2')}>
              <span className="font-medium text-foreground">The model will see: </span>
              <span data-testid="model-preview">
                {preview.map((segment) =>
                  segment.range ? (
                    <span
                      key={segment.start}
                      className="rounded-[3px] bg-primary/10 px-0.5 font-mono text-[0.95em] text-primary"
                    >
                      {placeholder(segment.range.type)}
                    </span>
                  ) : (
                    <span key={segment.start}>{segment.text}</span>
                  ),
                )}
              </span>
            </p>
            {previewLong && (
              <button
                type="button"
                onClick={() => setPreviewExpanded((open) => !open)}
                aria-expanded={previewExpanded}
                className="mt-0.5 rounded-sm font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring/60"
              >
                {previewExpanded ? 'Show less' : 'Show all'}
              </button>
            )}
          </div>
        )}

        <div className="flex items-center gap-2 border-t px-2 py-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5">{toolbar}</div>
          {value.length >= COUNTER_FROM && (
            <span
              className={cn('text-xs tabular-nums', tooLong ? 'font-medium text-destructive' : 'text-muted-foreground')}
            >
              {value.length.toLocaleString('en')}/{CHAT_MESSAGE_MAX_CHARACTERS.toLocaleString('en')}
            </span>
          )}
          {busy ? (
            <Button size="icon" variant="secondary" onClick={onStop} aria-label="Stop the reply" title="Stop">
              <Square className="fill-current" aria-hidden="true" />
            </Button>
          ) : (
            <Button
              size="icon"
              onClick={onSend}
              disabled={Boolean(blocked) || empty || preparing}
              aria-label={preparing ? 'Checking your message' : 'Send'}
              title={blocked ?? 'Send (Enter)'}
              className="rounded-full"
            >
              {preparing ? <Spinner /> : <ArrowUp aria-hidden="true" />}
            </Button>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-1 text-muted-foreground text-xs">
        <p id={statusId} className="inline-flex items-center gap-1.5">
          {checking && !empty && !blocked && <Spinner className="size-3" />}
          {/* Only settled results are announced; "checking" flickers with every pause in typing. */}
          <span aria-hidden={checking && !blocked ? true : undefined}>{blocked && !busy ? blocked : status}</span>
          <span role="status" className="sr-only">
            {checking || (blocked && !busy) ? '' : status}
          </span>
        </p>
        <p id={hintId} className="hidden sm:block">
          Enter to send · Shift+Enter for a new line
        </p>
      </div>
    </div>
  );
}

function MaskChip({ item, label, onToggle }: { item: MaskItem; label: string; onToggle: () => void }) {
  const times = item.count > 1 ? `, ${item.count} times` : '';
  const who = item.source === 'manual' ? ', added by you' : '';
  return (
    <button
      type="button"
      aria-pressed={item.masked}
      // The name holds the visible words in order (WCAG 2.5.3, for voice control): no quotes between them, and the
      // type not in parentheses, which read as an aside.
      aria-label={`Mask ${item.text}, ${label}${times}${who}`}
      title={item.masked ? 'Masked — press to send this value as written' : 'Not masked — press to mask it'}
      onClick={onToggle}
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
        item.masked
          ? 'border-primary/30 bg-primary/10 text-foreground hover:bg-primary/15 dark:bg-primary/20'
          : 'border-warning/50 border-dashed bg-transparent text-muted-foreground hover:bg-warning/10',
      )}
    >
      {item.masked ? (
        <EyeOff className="size-3 shrink-0 text-primary" aria-hidden="true" />
      ) : (
        <Eye className="size-3 shrink-0 text-warning-foreground dark:text-warning" aria-hidden="true" />
      )}
      {/* The spaces keep the visible words apart for the name check (the flex layout drops them anyway). */}
      <span className="max-w-[9rem] truncate font-medium">{item.text}</span>{' '}
      <span className="shrink-0 text-[0.7rem] text-muted-foreground">{label}</span>{' '}
      {item.count > 1 && <span className="shrink-0 text-[0.7rem] text-muted-foreground">×{item.count}</span>}
    </button>
  );
}
