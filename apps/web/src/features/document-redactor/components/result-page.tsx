import type { PiiEntityInfoDto } from '@candor/contracts/governance';
import { type DocumentRedactionResult, MANUAL_REDACTION, toolServiceNames } from '@candor/contracts/tools';
import Braces from 'lucide-react/icons/braces';
import Copy from 'lucide-react/icons/copy';
import Download from 'lucide-react/icons/download';
import FileSpreadsheet from 'lucide-react/icons/file-spreadsheet';
import Info from 'lucide-react/icons/info';
import PenLine from 'lucide-react/icons/pen-line';
import Plus from 'lucide-react/icons/plus';
import { useMemo, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { tools } from '@/config/navigation';
import { ReportPanel, RunHeading } from '@/features/tool-runs/components/report-panel';
import { StoredRun } from '@/features/tool-runs/components/stored-run';
import { getErrorMessage } from '@/lib/api-client';
import { saveBlob, saveCsv, saveJson } from '@/lib/download';
import { formatDate, formatTokens } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { DOCUMENT_REDACTION } from '../api/document-analysis';
import { usePagePreviews } from '../api/page-previews';
import { usePiiEntities, usePiiPolicies } from '../api/pii-catalogue';
import { fetchRedactedFile, type RedactionRun, readRedactionRun } from '../api/redaction-run';
import { redactionCopy } from '../lib/copy';
import { fileTypeLabel, plural, styleLabel } from '../lib/document-meta';
import { entityColour, manualColour } from '../lib/entity-colours';
import { groupFindings, groupPositions, typeLabel } from '../lib/findings';
import { boxesForRange } from '../lib/page-boxes';
import { replacementRanges } from '../lib/redacted-text';
import { redactionReportCsv, redactionReportJson, reportFileName, shownReplacement } from '../lib/report';
import { type RedactorDocument, redactorStore } from '../store';
import { DocumentText, type Highlight } from './document-text';
import { PagePreviews, type PreviewBox } from './page-previews';
import { VerificationPanel } from './verification-panel';

interface ResultPageProps {
  historyId: string;
  onRedactAnother: () => void;
  /** Back to the options with the same document, when it is still in memory. */
  onAdjust: () => void;
}

/** `/document-redactor/result`: the verification, the redacted file and reports, and the document before and after. */
export function ResultPage({ historyId, onRedactAnother, onAdjust }: ResultPageProps) {
  return (
    <div>
      <PageHeader
        title="Redaction result"
        description="The redacted document, the proof that nothing can be recovered, and a report of every redaction."
        icon={tools.documentRedactor.icon}
      />
      <StoredRun
        historyId={historyId}
        copy={redactionCopy}
        service={toolServiceNames[DOCUMENT_REDACTION]}
        read={readRedactionRun}
        onNew={onRedactAnother}
      >
        {(run) => (
          <RedactionReport
            key={historyId}
            run={run}
            original={redactorStore.originalOf(historyId)}
            onRedactAnother={onRedactAnother}
            onAdjust={onAdjust}
          />
        )}
      </StoredRun>
    </div>
  );
}

const REDACTED_MARK = 'bg-foreground/10 decoration-transparent dark:bg-foreground/15';

function RedactionReport({
  run,
  original,
  onRedactAnother,
  onAdjust,
}: {
  run: RedactionRun;
  original: RedactorDocument | null;
  onRedactAnother: () => void;
  onAdjust: () => void;
}) {
  const { item, result, fileName } = run;
  const policies = usePiiPolicies();
  const entities = usePiiEntities();
  const catalogue: readonly PiiEntityInfoDto[] = entities.data?.entity_list ?? [];
  // Named as the options screen's "Policy" panel names it; no policy means the findings were chosen by hand.
  const policyUsed = result.policy
    ? `Policy: ${policies.data?.policies.find((policy) => policy.id === result.policy)?.name ?? result.policy}`
    : 'Chosen by hand';
  const names = useMemo(() => new Map(catalogue.map((entity) => [entity.type as string, entity.name])), [catalogue]);
  const nameOf = (type: string) =>
    type === MANUAL_REDACTION ? 'Your selection' : (names.get(type) ?? typeLabel(type));

  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await fetchRedactedFile(item.history_id), result.file.name);
    } catch (error) {
      toast.error(getErrorMessage(error));
    } finally {
      setDownloading(false);
    }
  };
  const copyText = async () => {
    try {
      await navigator.clipboard.writeText(result.redacted_text);
      toast.success('Redacted text copied');
    } catch {
      toast.error('Could not copy. Select the text and copy it by hand.');
    }
  };

  const count = result.redactions.length;
  const summary = [
    `Redacted ${formatDate(item.created_at)}`,
    plural(count, 'redaction', 'redactions'),
    styleLabel(result.style),
    policyUsed,
    plural(result.pages || 1, 'page', 'pages'),
    plural(result.words, 'word', 'words'),
    `${formatTokens(item.cost)} ${item.cost === 1 ? 'token' : 'tokens'}`,
  ].join(' · ');

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3">
        <RunHeading title={fileName} summary={summary} />
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void download()} disabled={downloading}>
            {downloading ? <Spinner /> : <Download />}
            Download redacted {fileTypeLabel(result.file.name, result.file.media_type)}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => saveCsv(redactionReportCsv(result), reportFileName(fileName, 'csv'))}
          >
            <FileSpreadsheet />
            Report CSV
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => saveJson(redactionReportJson(result), reportFileName(fileName, 'json'))}
          >
            <Braces />
            Report JSON
          </Button>
          {original && (
            <Button size="sm" variant="ghost" onClick={onAdjust}>
              <PenLine />
              Adjust redactions
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={onRedactAnother}>
            <Plus />
            Redact another document
          </Button>
        </div>
      </div>

      <VerificationPanel verification={result.verification} redactions={count} />

      {original ? (
        <BeforeAfter run={run} original={original} nameOf={nameOf} catalogue={catalogue} onCopy={copyText} />
      ) : (
        <>
          <Alert variant="info">
            <Info />
            <AlertTitle>The original document isn’t kept</AlertTitle>
            <AlertDescription>
              <p>
                Only the redacted file and where each redaction was are stored, never the values removed. Here is the
                redacted text; download the file above.
              </p>
            </AlertDescription>
          </Alert>
          <RedactedTextCard run={run} onCopy={copyText} />
        </>
      )}

      <ReportPanel title={`Redactions (${count.toLocaleString('en-US')})`}>
        {count === 0 ? (
          <p className="text-muted-foreground text-sm">Nothing was redacted.</p>
        ) : (
          <div className="max-h-80 overflow-auto">
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-card text-muted-foreground text-xs">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Page
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Kind
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Replaced by
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {[...result.redactions]
                  .sort((a, b) => a.start - b.start)
                  .map((redaction) => (
                    <tr key={`${redaction.start}-${redaction.end}`}>
                      <td className="py-1.5 pr-3 tabular-nums">{redaction.page ?? '—'}</td>
                      <td className="py-1.5 pr-3">{nameOf(redaction.type)}</td>
                      <td className="max-w-48 truncate py-1.5 font-mono text-xs">
                        {redaction.replacement || <span className="text-muted-foreground">black box</span>}
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        )}
      </ReportPanel>
    </div>
  );
}

/** The previews draw plain boxes; in a labelled style the file also writes the replacement in each, so say so. */
function pagesCaption({ style, redactions }: DocumentRedactionResult): string {
  const plain = 'The original pages with a box over each redaction';
  const example = redactions.find((redaction) => redaction.replacement !== '')?.replacement;
  if (style === 'box' || !example) return `${plain}; the downloaded file is the exact result.`;
  const written = style === 'label' ? 'type label' : 'pseudonym';
  return `${plain}. The downloaded file is the exact result: its boxes also show each ${written}, such as “${example}”.`;
}

function RedactedTextCard({ run, onCopy, className }: { run: RedactionRun; onCopy: () => void; className?: string }) {
  const highlights = useMemo<Highlight[]>(
    () =>
      replacementRanges(run.result).map((range) => ({
        start: range.start,
        end: range.end,
        className: REDACTED_MARK,
        label: 'Redacted',
      })),
    [run.result],
  );
  return (
    <Card className={cn('max-h-[60svh] gap-0 overflow-hidden py-0 lg:h-[36rem] lg:max-h-none', className)}>
      <div className="flex min-h-12 items-center justify-between gap-2 border-b px-4 py-1.5">
        <h2 className="font-medium text-sm">Redacted</h2>
        <Button size="sm" variant="ghost" onClick={onCopy}>
          <Copy />
          Copy text
        </Button>
      </div>
      <DocumentText
        text={run.result.redacted_text}
        highlights={highlights}
        label="Redacted text"
        className="min-h-0 flex-1"
      />
    </Card>
  );
}

function BeforeAfter({
  run,
  original,
  nameOf,
  catalogue,
  onCopy,
}: {
  run: RedactionRun;
  original: RedactorDocument;
  nameOf: (type: string) => string;
  catalogue: readonly PiiEntityInfoDto[];
  onCopy: () => void;
}) {
  const { analysis } = original;
  const { result } = run;
  const previews = usePagePreviews(original);
  const positions = useMemo(
    () => groupPositions(groupFindings(analysis.findings, catalogue)),
    [analysis.findings, catalogue],
  );
  const colourOf = (type: string) =>
    type === MANUAL_REDACTION ? manualColour : entityColour(positions.get(type as never) ?? 0);
  const highlights: Highlight[] = result.redactions.map((redaction) => ({
    start: redaction.start,
    end: redaction.end,
    className: colourOf(redaction.type).marked,
    label: `${nameOf(redaction.type)} · replaced by ${shownReplacement(redaction)}`,
  }));
  // The pages as they were, with a black box wherever text was redacted.
  const boxes: PreviewBox[] = result.redactions.flatMap((redaction) =>
    boxesForRange(previews.pages, redaction).map((rect, part) => ({
      key: `${redaction.start}-${part}`,
      ...rect,
      className: 'border-black bg-black',
      label: `${nameOf(redaction.type)}: redacted`,
    })),
  );
  const hasPreviews = analysis.pages.some((page) => page.preview);

  return (
    <div className="space-y-4">
      {/* Side by side on a wide screen; tabs on a narrow one (both panels stay mounted). */}
      <Tabs defaultValue="original" className="gap-3 lg:grid lg:grid-cols-2 lg:gap-4">
        <TabsList className="lg:hidden">
          <TabsTrigger value="original">Original</TabsTrigger>
          <TabsTrigger value="redacted">Redacted</TabsTrigger>
        </TabsList>
        <TabsContent
          value="original"
          forceMount
          className="data-[state=inactive]:hidden lg:data-[state=inactive]:block"
        >
          <Card className="max-h-[60svh] gap-0 overflow-hidden py-0 lg:h-[36rem] lg:max-h-none">
            <div className="flex min-h-12 items-center justify-between gap-2 border-b px-4 py-1.5">
              <h2 className="font-medium text-sm">Original, redactions marked</h2>
              <span className="text-muted-foreground text-xs">Only in this tab, never stored</span>
            </div>
            <DocumentText
              text={analysis.text}
              pages={analysis.pages}
              highlights={highlights}
              label="Original text with the redactions marked"
              className="min-h-0 flex-1"
            />
          </Card>
        </TabsContent>
        <TabsContent
          value="redacted"
          forceMount
          className="data-[state=inactive]:hidden lg:data-[state=inactive]:block"
        >
          <RedactedTextCard run={run} onCopy={onCopy} />
        </TabsContent>
      </Tabs>
      {/* Boxes on later pages come with their lines, so the pages show whenever something was redacted. */}
      {hasPreviews && result.redactions.length > 0 && (
        <ReportPanel title="Where the redactions are on the pages">
          <p className="mb-4 text-muted-foreground text-xs">{pagesCaption(result)}</p>
          <PagePreviews
            previews={previews}
            boxes={boxes}
            fileName={analysis.file_name}
            textElsewhere="Its redactions show in the text above."
          />
        </ReportPanel>
      )}
    </div>
  );
}
