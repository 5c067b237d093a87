import { AI_DETECTION_MINIMUM_WORDS, aiDetectionInputSchema } from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import type { ReactNode } from 'react';
import { tools } from '@/config/navigation';
import { SensitivityPicker } from '@/features/tool-runs/components/sensitivity-picker';
import { ToolRunPage, type ToolScreenProps } from '@/features/tool-runs/components/tool-run-page';
import type { ToolRunCopy } from '@/features/tool-runs/lib/copy';
import { aiDetectionPoints, aiDetectionPointsSource } from '@/features/tool-runs/lib/operating-points';
import { type DetectorDraft, detectorInput } from '@/features/tool-runs/lib/sensitivity-draft';
import { textProblemFrom } from '@/features/tool-runs/lib/text-problem';
import { AI_DETECTION } from '../api/ai-detection';
import { AiDetectionResult } from './ai-detection-result';

const copy: ToolRunCopy = {
  textLabel: 'Text to check',
  submitLabel: 'Check for AI',
  noun: 'check',
  verb: 'check',
  progressing: 'Checking',
};

/** The text of the run in progress (sessionStorage), so Cancel after a reload still gives it back. */
const textProblem = textProblemFrom(aiDetectionInputSchema.shape.text);

/** A shorter text always comes back "Too short to tell": the run isn't offered, so nobody pays for that. */
function tooShort({ text }: DetectorDraft): string | null {
  const words = tokenizeWords(text).length;
  return words > 0 && words < AI_DETECTION_MINIMUM_WORDS
    ? `The detector needs at least ${AI_DETECTION_MINIMUM_WORDS} words to judge a text; this has ${words}.`
    : null;
}

const input = detectorInput({
  blocker: tooShort,
  render: ({ draft, onDraftChange, disabled }) => (
    <SensitivityPicker
      value={draft.sensitivity}
      onChange={(sensitivity) => onDraftChange((current) => ({ ...current, sensitivity }))}
      disabled={disabled}
      points={aiDetectionPoints}
      source={aiDetectionPointsSource}
    />
  ),
});

interface AiDetectionPageProps extends ToolScreenProps {
  /** Shown above the editor or report (the licence welcome). */
  children?: ReactNode;
}

/** `/ai-detector`: how likely a text was written by AI, sentence by sentence, and by which family of models. */
export function AiDetectionPage({ historyId, onShowRun, onLeaveRun, children }: AiDetectionPageProps) {
  return (
    <ToolRunPage
      tool={AI_DETECTION}
      header={tools.aiDetector}
      copy={copy}
      historyId={historyId}
      onShowRun={onShowRun}
      onLeaveRun={onLeaveRun}
      textProblem={textProblem}
      input={input}
      renderResult={(props) => <AiDetectionResult {...props} copy={copy} />}
    >
      {children}
    </ToolRunPage>
  );
}
