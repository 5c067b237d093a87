import {
  DEFAULT_LENGTHS,
  type EnhancerToolId,
  enhancerModeLabels,
  MAX_VARIANTS,
  modesNeedingModel,
  type Strength,
  strengthLabels,
  strengths,
  type Tone,
  toneLabels,
  tones,
} from '@candor/contracts/tools';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { tools } from '@/config/navigation';
import { historyDetailQueryOptions } from '@/features/history/api/history.queries';
import { type ToolRunInput, ToolRunPage } from '@/features/tool-runs/components/tool-run-page';
import type { ToolRunCopy } from '@/features/tool-runs/lib/copy';
import { type Draft, readStoredDraft, storeDraft } from '@/features/tool-runs/lib/draft';
import { storageKeys } from '@/lib/storage';
import { readEnhancerRun, readPartialText, useGenerationModels } from '../api/generation';
import { parseGlossary } from '../lib/glossary';
import { EnhancerResult } from './enhancer-result';
import { ConnectModelNotice, ModelChoice } from './model-choice';
import { optionsOf, SelectField } from './select-field';
import { StreamingText } from './streaming-text';

const MODES = ['rewrite', 'summarize', 'expand', 'shorten', 'add-content'] as const satisfies readonly EnhancerToolId[];

const copyOf = (mode: EnhancerToolId): ToolRunCopy => ({
  textLabel: mode === 'add-content' ? 'Text to continue' : `Text to ${enhancerModeLabels[mode].toLowerCase()}`,
  submitLabel: enhancerModeLabels[mode],
  noun: 'run',
  verb: enhancerModeLabels[mode].toLowerCase(),
  progressing: {
    rewrite: 'Rewriting',
    summarize: 'Summarizing',
    expand: 'Expanding',
    shorten: 'Shortening',
    'add-content': 'Adding to',
  }[mode],
});

/** The length choices each mode offers, as a share of the text or a number of words. */
const LENGTHS: Record<EnhancerToolId, { value: string; label: string }[]> = {
  rewrite: [],
  summarize: ['0.1', '0.2', '0.3', '0.5'].map((r) => ({
    value: `ratio:${r}`,
    label: `${Number(r) * 100}% of the text`,
  })),
  shorten: ['0.5', '0.6', '0.7', '0.8', '0.9'].map((r) => ({
    value: `ratio:${r}`,
    label: `${Math.round(Number(r) * 100)}% of the text`,
  })),
  expand: ['1.25', '1.5', '2', '3'].map((r) => ({ value: `ratio:${r}`, label: `${r} times as long` })),
  'add-content': ['50', '100', '150', '300'].map((w) => ({ value: `words:${w}`, label: `About ${w} new words` })),
};

const lengthKey = (length: { ratio: number } | { words: number }) =>
  'ratio' in length ? `ratio:${length.ratio}` : `words:${length.words}`;
const parseLength = (key: string) => {
  const [kind, value] = key.split(':');
  return kind === 'words' ? { words: Number(value) } : { ratio: Number(value) };
};

export interface EnhancerDraft extends Draft {
  tone: Tone;
  strength: Strength;
  length: string;
  variants: number;
  instruction: string;
  glossary: string;
  model: string | null;
}

function enhancerInput(mode: EnhancerToolId, hasModel: boolean): ToolRunInput<EnhancerDraft> {
  const empty: EnhancerDraft = {
    text: '',
    tone: 'neutral',
    strength: 'balanced',
    length: lengthKey(DEFAULT_LENGTHS[mode]),
    variants: 1,
    instruction: '',
    glossary: '',
    model: null,
  };
  return {
    empty,
    restore: (stored) => {
      const draft = stored as Partial<EnhancerDraft>;
      return {
        ...empty,
        ...stored,
        tone: tones.includes(draft.tone as Tone) ? (draft.tone as Tone) : empty.tone,
        strength: strengths.includes(draft.strength as Strength) ? (draft.strength as Strength) : empty.strength,
        length: LENGTHS[mode].some((option) => option.value === draft.length) ? (draft.length as string) : empty.length,
        variants: Number.isInteger(draft.variants) ? Math.min(MAX_VARIANTS, Math.max(1, draft.variants as number)) : 1,
        instruction: typeof draft.instruction === 'string' ? draft.instruction : '',
        glossary: typeof draft.glossary === 'string' ? draft.glossary : '',
        model: typeof draft.model === 'string' ? draft.model : null,
      };
    },
    body: (draft) => ({
      text: draft.text,
      ...(draft.fileName ? { file_name: draft.fileName } : {}),
      tone: draft.tone,
      strength: draft.strength,
      ...(mode === 'rewrite' ? {} : { length: parseLength(draft.length) }),
      variants: draft.variants,
      glossary: parseGlossary(draft.glossary),
      instruction: mode === 'add-content' && draft.instruction.trim() ? draft.instruction.trim() : null,
      model: draft.model,
    }),
    blocker: () => (modesNeedingModel.includes(mode) && !hasModel ? 'Connect a language model first' : null),
    render: (props) => <EnhancerOptions mode={mode} hasModel={hasModel} {...props} />,
  };
}

function EnhancerOptions({
  mode,
  hasModel,
  draft,
  onDraftChange,
  disabled,
}: {
  mode: EnhancerToolId;
  hasModel: boolean;
  draft: EnhancerDraft;
  onDraftChange: (update: (current: EnhancerDraft) => EnhancerDraft) => void;
  disabled: boolean;
}) {
  const instructionId = useId();
  const glossaryId = useId();
  const set =
    <K extends keyof EnhancerDraft>(key: K) =>
    (value: EnhancerDraft[K]) =>
      onDraftChange((current) => ({ ...current, [key]: value }));
  const needsModel = modesNeedingModel.includes(mode);
  if (needsModel && !hasModel) return <ConnectModelNotice />;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        {(mode === 'rewrite' || mode === 'expand' || mode === 'add-content') && (
          <SelectField
            label="Tone"
            value={draft.tone}
            options={optionsOf(tones, toneLabels)}
            onChange={set('tone')}
            disabled={disabled}
          />
        )}
        {mode === 'rewrite' && (
          <SelectField
            label="Strength"
            value={draft.strength}
            options={optionsOf(strengths, strengthLabels)}
            onChange={set('strength')}
            disabled={disabled}
          />
        )}
        {LENGTHS[mode].length > 0 && (
          <SelectField
            label="Length"
            value={draft.length}
            options={LENGTHS[mode]}
            onChange={set('length')}
            disabled={disabled}
          />
        )}
        <SelectField
          label="Variants"
          value={String(draft.variants)}
          options={Array.from({ length: MAX_VARIANTS }, (_, i) => ({
            value: String(i + 1),
            label: `${i + 1} ${i === 0 ? 'version' : 'versions'}`,
          }))}
          onChange={(value) => set('variants')(Number(value))}
          disabled={disabled}
        />
      </div>
      {mode === 'add-content' && (
        <div className="space-y-1.5">
          <Label htmlFor={instructionId}>What to add (optional)</Label>
          <Input
            id={instructionId}
            value={draft.instruction}
            maxLength={500}
            disabled={disabled}
            placeholder="An example from everyday life"
            onChange={(event) => set('instruction')(event.target.value)}
          />
        </div>
      )}
      {(mode === 'rewrite' || mode === 'expand') && (
        <div className="space-y-1.5">
          <Label htmlFor={glossaryId}>Protected terms</Label>
          <Textarea
            id={glossaryId}
            rows={2}
            value={draft.glossary}
            disabled={disabled}
            placeholder="One a line, or separated by commas"
            onChange={(event) => set('glossary')(event.target.value)}
          />
        </div>
      )}
      <ModelChoice value={draft.model} onChange={set('model')} builtIn={!needsModel} disabled={disabled} />
    </div>
  );
}

/**
 * `/content-enhancer`: one editor and five modes (spec §3: REWRITE, SUMMARIZE, EXPAND, SHORTEN, ADD_CONTENT), each its
 * own tool run; the text moves with the user from mode to mode, and a finished run's versions show beside it until
 * the user takes one into the editor or starts anew.
 */
export function EnhancerPage() {
  const [mode, setMode] = useState<EnhancerToolId>('rewrite');
  const [shownRun, setShownRun] = useState<string | undefined>(undefined);
  const models = useGenerationModels();
  const queryClient = useQueryClient();
  const hasModel = (models.data?.items.length ?? 0) > 0;
  const input = useMemo(() => enhancerInput(mode, hasModel), [mode, hasModel]);
  const copy = useMemo(() => copyOf(mode), [mode]);

  const switchMode = (next: string) => {
    const target = next as EnhancerToolId;
    // The text goes along (from the editor, or from the run on show); each mode keeps its own options.
    const shown = shownRun ? queryClient.getQueryData(historyDetailQueryOptions(shownRun).queryKey) : undefined;
    const shownText = shown ? readEnhancerRun(shown)?.input : undefined;
    const current = shownText
      ? { text: shownText.text, ...(shownText.file_name ? { fileName: shownText.file_name } : {}) }
      : readStoredDraft(storageKeys.draft(mode));
    const other = readStoredDraft(storageKeys.draft(target));
    if (current.text)
      storeDraft(storageKeys.draft(target), {
        ...other,
        text: current.text,
        ...(current.fileName ? { fileName: current.fileName } : {}),
      });
    setShownRun(undefined);
    setMode(target);
  };

  return (
    <ToolRunPage
      key={mode}
      tool={mode}
      header={tools.contentEnhancer}
      copy={copy}
      historyId={shownRun}
      onShowRun={setShownRun}
      onLeaveRun={() => setShownRun(undefined)}
      input={input}
      renderResult={(props) => <EnhancerResult {...props} mode={mode} copy={copy} />}
      renderProgress={(job) => {
        const text = readPartialText(job?.partial);
        return text && <StreamingText label="Written so far" text={text} />;
      }}
    >
      <fieldset className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
        <legend className="sr-only">Mode</legend>
        {MODES.map((value) => (
          <label key={value} className="relative">
            <input
              type="radio"
              name="enhancer-mode"
              value={value}
              checked={mode === value}
              onChange={() => switchMode(value)}
              // Invisible but over its label, so a click or a tap lands on the radio itself.
              className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <span className="inline-flex h-8 cursor-pointer items-center rounded-md px-3 font-medium text-muted-foreground text-sm transition-colors peer-checked:bg-background peer-checked:text-foreground peer-checked:shadow-sm peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50">
              {enhancerModeLabels[value]}
            </span>
          </label>
        ))}
      </fieldset>
    </ToolRunPage>
  );
}
