import { humanizedDetectionInputSchema } from '@candor/contracts/tools';
import { tools } from '@/config/navigation';
import { ToolRunPage, type ToolScreenProps } from '@/features/tool-runs/components/tool-run-page';
import type { ToolRunCopy } from '@/features/tool-runs/lib/copy';
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
      renderResult={(props) => <HumanizedDetectionResult {...props} copy={copy} />}
    />
  );
}
