import { plagiarismInputSchema } from '@candor/contracts/tools';
import { tools } from '@/config/navigation';
import { type ToolRunInput, ToolRunPage, type ToolScreenProps } from '@/features/tool-runs/components/tool-run-page';
import type { ToolRunCopy } from '@/features/tool-runs/lib/copy';
import { textProblemFrom } from '@/features/tool-runs/lib/text-problem';
import { PLAGIARISM } from '../api/copyright-detection';
import {
  type CopyrightDraft,
  copyrightBlocker,
  emptyCopyrightDraft,
  plagiarismBody,
  restoreCopyrightDraft,
} from '../lib/draft';
import { CopyrightDetectionResult } from './copyright-detection-result';
import { SourcesPanel } from './sources-panel';

const copy: ToolRunCopy = {
  textLabel: 'Text to check',
  submitLabel: 'Check for copying',
  noun: 'check',
  verb: 'check',
  progressing: 'Checking',
};

/** The text and sources of the run in progress (sessionStorage), so Cancel after a reload still gives them back. */
const textProblem = textProblemFrom(plagiarismInputSchema.shape.text);

const input: ToolRunInput<CopyrightDraft> = {
  empty: emptyCopyrightDraft,
  restore: restoreCopyrightDraft,
  body: plagiarismBody,
  blocker: copyrightBlocker,
  render: (props) => <SourcesPanel {...props} />,
};

/** `/copyright-detector`: which passages of a text are found in its sources, side by side with the source's words. */
export function CopyrightDetectionPage({ historyId, onShowRun, onLeaveRun }: ToolScreenProps) {
  return (
    <ToolRunPage
      tool={PLAGIARISM}
      header={tools.copyrightDetector}
      copy={copy}
      historyId={historyId}
      onShowRun={onShowRun}
      onLeaveRun={onLeaveRun}
      textProblem={textProblem}
      input={input}
      renderResult={(props) => <CopyrightDetectionResult {...props} copy={copy} />}
    />
  );
}
