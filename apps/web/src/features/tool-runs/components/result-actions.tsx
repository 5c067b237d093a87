import type { ToolId } from '@candor/contracts/tools';
import Copy from 'lucide-react/icons/copy';
import Download from 'lucide-react/icons/download';
import PenLine from 'lucide-react/icons/pen-line';
import Plus from 'lucide-react/icons/plus';
import Printer from 'lucide-react/icons/printer';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { toolReportPdfUrl } from '../api/tool-jobs';
import type { ToolRunCopy } from '../lib/copy';

interface ResultActionsProps {
  tool: ToolId;
  historyId: string;
  copy: ToolRunCopy;
  /** What Copy puts on the clipboard: the summary, then the text. */
  clipboardText: string;
  onEdit: () => void;
  onNew: () => void;
  /** Whether the server renders a PDF report for this tool (`exportPdf` in its definition). */
  pdfReport?: boolean;
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
  pdfReport = false,
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
      {pdfReport && (
        <Button asChild size="sm">
          <a href={toolReportPdfUrl(tool, historyId)} download>
            <Download />
            Download PDF
          </a>
        </Button>
      )}
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
