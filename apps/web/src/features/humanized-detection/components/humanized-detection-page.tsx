import { humanizedDetectionInputSchema } from '@candor/contracts/tools';
import { tools } from '@/config/navigation';
import { SensitivityPicker } from '@/features/tool-runs/components/sensitivity-picker';
import { ToolRunPage, type ToolScreenProps } from '@/features/tool-runs/components/tool-run-page';
import type { ToolRunCopy } from '@/features/tool-runs/lib/copy';
import { humanizedPoints, humanizedPointsSource } from '@/features/tool-runs/lib/operating-points';
import { detectorInput } from '@/features/tool-runs/lib/sensitivity-draft';
import { textProblemFrom } from '@/features/tool-runs/lib/text-problem';
import { HUMANIZED_DETECTION } from '../api/humanized-detection';
import { HumanizedDetectionResult } from './humanized-detection-result';

const copy: ToolRunCopy = {
  textLabel: 'Text to check',
  submitLabel: 'Check text',
  noun: 'check',
  verb: 'check',
  progressing: 'Checking',
};

/** The text of the run in progress (sessionStorage), so Cancel after a reload still gives it back. */
const textProblem = textProblemFrom(humanizedDetectionInputSchema.shape.text);

const input = detectorInput({
  render: ({ draft, onDraftChange, disabled }) => (
    <SensitivityPicker
      value={draft.sensitivity}
      onChange={(sensitivity) => onDraftChange((current) => ({ ...current, sensitivity }))}
      disabled={disabled}
      points={humanizedPoints}
      source={humanizedPointsSource}
    />
  ),
});

/** `/humanized-text-detector`: human, AI, or AI disguised by a paraphraser — with the words that gave it away. */
export function HumanizedDetectionPage({ historyId, onShowRun, onLeaveRun }: ToolScreenProps) {
  return (
    <ToolRunPage
      tool={HUMANIZED_DETECTION}
      header={tools.humanizedTextDetector}
      copy={copy}
      historyId={historyId}
      onShowRun={onShowRun}
      onLeaveRun={onLeaveRun}
      textProblem={textProblem}
      input={input}
      renderResult={(props) => <HumanizedDetectionResult {...props} copy={copy} />}
    />
  );
}
