import {
  humanizerInputSchema,
  type Purpose,
  purposeLabels,
  purposes,
  type ReadabilityLevel,
  readabilityLabels,
  readabilityLevels,
  type Strength,
  strengthLabels,
  strengths,
} from '@candor/contracts/tools';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { tools } from '@/config/navigation';
import { type ToolRunInput, ToolRunPage, type ToolScreenProps } from '@/features/tool-runs/components/tool-run-page';
import type { ToolRunCopy } from '@/features/tool-runs/lib/copy';
import type { Draft } from '@/features/tool-runs/lib/draft';
import { HUMANIZER, readPartialText } from '../api/generation';
import { parseGlossary } from '../lib/glossary';
import { HumanizerResult } from './humanizer-result';
import { ModelChoice } from './model-choice';
import { SavedTextNotice } from './saved-text-notice';
import { optionsOf, SelectField } from './select-field';
import { StreamingText } from './streaming-text';

const copy: ToolRunCopy = {
  textLabel: 'Text to humanize',
  submitLabel: 'Humanize',
  noun: 'rewrite',
  verb: 'humanize',
  progressing: 'Humanizing',
};

export interface HumanizerDraft extends Draft {
  strength: Strength;
  readability: ReadabilityLevel;
  purpose: Purpose;
  /** The protected terms as typed: one a line, or separated by commas. */
  glossary: string;
  model: string | null;
}

const defaults = humanizerInputSchema.parse({ text: 'x' });

export const humanizerInput: ToolRunInput<HumanizerDraft> = {
  empty: {
    text: '',
    strength: defaults.strength,
    readability: defaults.readability,
    purpose: defaults.purpose,
    glossary: '',
    model: null,
  },
  restore: (stored) => {
    const draft = stored as Partial<HumanizerDraft>;
    return {
      ...stored,
      strength: strengths.includes(draft.strength as Strength) ? (draft.strength as Strength) : defaults.strength,
      readability: readabilityLevels.includes(draft.readability as ReadabilityLevel)
        ? (draft.readability as ReadabilityLevel)
        : defaults.readability,
      purpose: purposes.includes(draft.purpose as Purpose) ? (draft.purpose as Purpose) : defaults.purpose,
      glossary: typeof draft.glossary === 'string' ? draft.glossary : '',
      model: typeof draft.model === 'string' ? draft.model : null,
    };
  },
  body: (draft) => ({
    text: draft.text,
    ...(draft.fileName ? { file_name: draft.fileName } : {}),
    strength: draft.strength,
    readability: draft.readability,
    purpose: draft.purpose,
    glossary: parseGlossary(draft.glossary),
    model: draft.model,
  }),
  render: (props) => <HumanizerOptions {...props} />,
};

function HumanizerOptions({
  draft,
  onDraftChange,
  disabled,
}: {
  draft: HumanizerDraft;
  onDraftChange: (update: (current: HumanizerDraft) => HumanizerDraft) => void;
  disabled: boolean;
}) {
  const glossaryId = useId();
  const glossaryHelp = useId();
  const set =
    <K extends keyof HumanizerDraft>(key: K) =>
    (value: HumanizerDraft[K]) =>
      onDraftChange((current) => ({ ...current, [key]: value }));
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Strength"
          value={draft.strength}
          options={optionsOf(strengths, strengthLabels)}
          onChange={set('strength')}
          disabled={disabled}
        />
        <SelectField
          label="Readability"
          value={draft.readability}
          options={optionsOf(readabilityLevels, readabilityLabels)}
          onChange={set('readability')}
          disabled={disabled}
        />
        <SelectField
          label="Purpose"
          value={draft.purpose}
          options={optionsOf(purposes, purposeLabels)}
          onChange={set('purpose')}
          disabled={disabled}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={glossaryId}>Protected terms</Label>
        <Textarea
          id={glossaryId}
          value={draft.glossary}
          rows={2}
          disabled={disabled}
          placeholder="Candor Writer, quiet hours"
          aria-describedby={glossaryHelp}
          onChange={(event) => set('glossary')(event.target.value)}
        />
        <p id={glossaryHelp} className="text-muted-foreground text-xs">
          Kept exactly as written, one a line or separated by commas. Numbers, dates, names, quotations, citations, web
          addresses, code and technical terms are kept anyway.
        </p>
      </div>
      <ModelChoice value={draft.model} onChange={set('model')} builtIn disabled={disabled} />
      <SavedTextNotice text={draft.text} />
    </div>
  );
}

interface HumanizerPageProps extends ToolScreenProps {
  /** Submit the saved draft as the screen opens (`?submitSaved=true`, back from buying tokens). */
  submitSaved?: boolean;
  onSubmitSavedHandled?: () => void;
}

/** `/content-humanizer`: AI text rewritten to read like a person's, with the AI Detector before and after. */
export function HumanizerPage({
  historyId,
  onShowRun,
  onLeaveRun,
  submitSaved,
  onSubmitSavedHandled,
}: HumanizerPageProps) {
  return (
    <ToolRunPage
      tool={HUMANIZER}
      header={tools.aiHumanizer}
      copy={copy}
      historyId={historyId}
      onShowRun={onShowRun}
      onLeaveRun={onLeaveRun}
      input={humanizerInput}
      autoSubmit={submitSaved}
      onAutoSubmitHandled={onSubmitSavedHandled}
      renderResult={(props) => <HumanizerResult {...props} copy={copy} />}
      renderProgress={(job) => {
        const text = readPartialText(job?.partial);
        return text && <StreamingText label="The model’s draft so far" text={text} />;
      }}
    />
  );
}
