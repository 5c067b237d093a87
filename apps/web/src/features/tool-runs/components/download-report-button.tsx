import { reportPdfFileName } from '@candor/contracts';
import type { ToolId } from '@candor/contracts/tools';
import Download from 'lucide-react/icons/download';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { toast } from '@/lib/toast';
import { fetchToolReportPdf } from '../api/tool-jobs';

/** Downloads the server's PDF report of a stored run, named as the server names it. */
export function DownloadReportButton({
  tool,
  historyId,
  title,
  label = 'Download PDF',
}: {
  tool: ToolId;
  historyId: string;
  /** The run's stored title, which names the file. */
  title: string;
  label?: string;
}) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await fetchToolReportPdf(tool, historyId), reportPdfFileName(title, tool));
    } catch (error) {
      toast.error(`Could not download the report. ${getErrorMessage(error)}`);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button size="sm" onClick={() => void download()} disabled={downloading} aria-busy={downloading}>
      {downloading ? <Spinner /> : <Download />}
      {label}
    </Button>
  );
}
