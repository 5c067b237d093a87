import type { ToolId } from '@candor/contracts/tools';
import Copy from 'lucide-react/icons/copy';
import PenLine from 'lucide-react/icons/pen-line';
import Plus from 'lucide-react/icons/plus';
import Printer from 'lucide-react/icons/printer';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import type { ToolRunCopy } from '../lib/copy';
import { DownloadReportButton } from './download-report-button';

interface ResultActionsProps {
  tool: ToolId;
  historyId: string;
  copy: ToolRunCopy;
  /** What Copy puts on the clipboard: the summary, then the text. */
  clipboardText: string;
  onEdit: () => void;
  onNew: () => void;
  /**
   * The run's stored title, given when the server renders a PDF report for this tool (`exportPdf` in its
   * definition): the report's file name.
   */
  pdfTitle?: string;
  /** The tool's own exports (the Copyright Detector's CSV of matches), after Print. */
  children?: ReactNode;
}

/** What a user does with a report: download it as PDF, copy it, print it, export it, edit and re-run, or start anew. */
export function ResultActions({
  tool,
  historyId,
  copy,
  clipboardText,
  onEdit,
  onNew,
  pdfTitle,
  children,
}: ResultActionsProps) {
  const copyReport = async () => {
    try {
      await navigator.clipboard.writeText(clipboardText);
      toast.success('Summary and text copied');
    } catch {
      toast.error('Could not copy. Select the text and copy it by hand.');
    }
  };
  return (
    <div className="flex flex-wrap gap-2" data-print-hide>
      {pdfTitle !== undefined && <DownloadReportButton tool={tool} historyId={historyId} title={pdfTitle} />}
      <Button size="sm" variant="outline" onClick={() => void copyReport()}>
        <Copy />
        Copy
      </Button>
      <Button size="sm" variant="outline" onClick={() => window.print()}>
        <Printer />
        Print
      </Button>
      {children}
      <Button size="sm" variant="outline" onClick={onEdit}>
        <PenLine />
        Edit and re-{copy.verb}
      </Button>
      <Button size="sm" variant="ghost" onClick={onNew}>
        <Plus />
        New {copy.noun}
      </Button>
    </div>
  );
}
