import type { PiiEntityInfoDto, PiiPolicyDto } from '@candor/contracts/governance';
import type { DocumentRedactionInput } from '@candor/contracts/tools';
import FileText from 'lucide-react/icons/file-text';
import Undo2 from 'lucide-react/icons/undo-2';
import { type KeyboardEvent, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { tools } from '@/config/navigation';
import { useToolCoefficient } from '@/features/tool-runs/api/tool-cost';
import { ReportPanel } from '@/features/tool-runs/components/report-panel';
import { RunningStage } from '@/features/tool-runs/components/running-stage';
import { RunFailure, StartError, unexplainedFailure } from '@/features/tool-runs/components/start-error';
import { quoteTokens } from '@/features/tool-runs/lib/cost';
import { type ToolJob, useToolJob } from '@/features/tool-runs/use-tool-job';
import { getErrorMessage } from '@/lib/api-client';
import { formatTokens } from '@/lib/format';
import { toast } from '@/lib/toast';
import { DOCUMENT_REDACTION } from '../api/document-analysis';
import { usePagePreviews } from '../api/page-previews';
import { usePiiEntities, usePiiPolicies } from '../api/pii-catalogue';
import { redactionCopy } from '../lib/copy';
import { alsoLeftOut, excerpt, kindLabels, plural } from '../lib/document-meta';
import { draftReducer, initialDraft } from '../lib/draft';
import { entityColour, manualColour } from '../lib/entity-colours';
import { type Finding, groupFindings, groupPositions, typeLabel } from '../lib/findings';
import { boxesForRange } from '../lib/page-boxes';
import type { TextRange } from '../lib/ranges';
import { draftRedactions, fileToBase64, redactionCount, redactionInput } from '../lib/redaction-input';
import { type RedactorDocument, redactorStore } from '../store';
import { DocumentText, type Highlight } from './document-text';
import { FindingsList, ManualRedactions } from './findings-list';
import { PagePreviews, type PreviewBox, pageElementId } from './page-previews';
import { EntityList, PolicyPicker, StylePicker } from './redaction-settings';

/** The element "Show in the document" focuses: a finding's words in the text, or its first box on a page. */
const findingElementId = (prefix: string, where: 'text' | 'page', index: number) => `${prefix}-${where}-${index}`;

/** The policy a document starts from: every kind of personal data, when the server offers it. */
const DEFAULT_POLICY = 'ALL';

interface OptionsPageProps {
  document: RedactorDocument;
  /** The redaction is stored: show it. */
  onDone: (historyId: string) => void;
  onChooseAnother: () => void;
}

/** `/document-redactor/options`: what the analysis found, and the user's choice of what to redact and how. */
export function OptionsPage({ document, onDone, onChooseAnother }: OptionsPageProps) {
  const policies = usePiiPolicies();
  const entities = usePiiEntities();
  const run = useToolJob<DocumentRedactionInput>(DOCUMENT_REDACTION, {
    onSucceeded: (job) => {
      if (!job.history_id) return;
      redactorStore.setResult(job.history_id);
      onDone(job.history_id);
    },
    onCancelled: () => toast.message('Redaction cancelled — no tokens were charged'),
  });
  const { analysis } = document;
  const header = (
    <PageHeader
      title="Redaction options"
      description={
        <span className="flex flex-wrap items-center gap-x-2">
          <FileText className="size-4 shrink-0" aria-hidden="true" />
          <span className="break-all font-medium text-foreground">{analysis.file_name}</span>
          <span>
            · {kindLabels[analysis.kind]} · {plural(analysis.pages.length || 1, 'page', 'pages')} ·{' '}
            {plural(analysis.words, 'word', 'words')}
          </span>
        </span>
      }
      icon={tools.documentRedactor.icon}
      actions={
        <Button variant="outline" size="sm" onClick={onChooseAnother} disabled={run.isActive}>
          Choose another document
        </Button>
      }
    />
  );

  if (run.isActive || run.isResuming || run.job?.status === 'succeeded') {
    return (
      <div>
        {header}
        <RunningStage
          copy={redactionCopy}
          job={run.job}
          title={analysis.file_name}
          onCancel={() => void run.cancel()}
          isCancelling={run.isCancelling}
        />
      </div>
    );
  }
  return (
    <div>
      {header}
      {policies.isPending ? (
        <EditorSkeleton />
      ) : (
        <RedactionEditor
          document={document}
          policies={policies.data?.policies ?? []}
          policiesUnavailable={policies.isError}
          catalogue={entities.data?.entity_list ?? []}
          run={run}
        />
      )}
    </div>
  );
}

interface RedactionEditorProps {
  document: RedactorDocument;
  policies: readonly PiiPolicyDto[];
  policiesUnavailable: boolean;
  catalogue: readonly PiiEntityInfoDto[];
  run: ToolJob<DocumentRedactionInput>;
}

function RedactionEditor({
  document: redactorDocument,
  policies,
  policiesUnavailable,
  catalogue,
  run,
}: RedactionEditorProps) {
  const { analysis, file } = redactorDocument;
  const { findings, text } = analysis;
  const previews = usePagePreviews(redactorDocument);
  const reducer = useMemo(() => draftReducer(findings), [findings]);
  const [state, dispatch] = useReducer(reducer, null, () => ({
    draft:
      redactorStore.draft() ?? initialDraft(findings, policies.find((policy) => policy.id === DEFAULT_POLICY) ?? null),
    past: [],
  }));
  const { draft } = state;
  useEffect(() => redactorStore.setDraft(draft), [draft]);

  const groups = useMemo(() => groupFindings(findings, catalogue), [findings, catalogue]);
  const positions = useMemo(() => groupPositions(groups), [groups]);
  const names = useMemo(() => new Map(catalogue.map((entity) => [entity.type, entity.name])), [catalogue]);
  const nameOf = (finding: Finding) => names.get(finding.type) ?? typeLabel(finding.type);
  const colourOf = (finding: Finding) => entityColour(positions.get(finding.type) ?? 0);
  const pageOf = (offset: number) =>
    analysis.pages.length > 1
      ? (analysis.pages.find((page) => offset >= page.start && offset < page.end)?.number ?? null)
      : null;

  const redactions = useMemo(() => draftRedactions(findings, draft), [findings, draft]);
  const count = redactionCount(redactions);
  const { coefficient } = useToolCoefficient(DOCUMENT_REDACTION);
  const cost = coefficient === undefined ? null : quoteTokens(analysis.words, coefficient);

  const idPrefix = useId();
  const hasPreviews = analysis.pages.some((page) => page.preview);
  const [view, setView] = useState<'pages' | 'text'>(hasPreviews ? 'pages' : 'text');
  const [jump, setJump] = useState<number | null>(null);
  // The finding whose page "Show in the document" has asked for, so the page is scrolled to and asked for once.
  const awaitingPage = useRef<number | null>(null);
  const [preparing, setPreparing] = useState(false);
  const blockerId = useId();

  // "Show in the document": the finding's box when the pages are shown and it has one, else its words. A page still
  // without its picture is scrolled to and loaded first; the effect runs again when it arrives.
  useEffect(() => {
    if (jump === null) return;
    const finding = findings[jump];
    const page = view === 'pages' ? finding?.rects[0]?.page : undefined;
    const batch = page === undefined ? undefined : previews.batchOf(page);
    if (view === 'pages' && (page === undefined || batch?.status === 'failed')) {
      setView('text');
      return;
    }
    if (page !== undefined && batch && batch.status !== 'loaded') {
      if (awaitingPage.current !== jump) {
        awaitingPage.current = jump;
        document.getElementById(pageElementId(idPrefix, page))?.scrollIntoView?.({ block: 'start' });
        previews.load(page);
      }
      return;
    }
    awaitingPage.current = null;
    const id = findingElementId(idPrefix, page === undefined ? 'text' : 'page', jump);
    const show = () => {
      const element = document.getElementById(id);
      element?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      element?.focus({ preventScroll: true });
      setJump(null);
    };
    if (document.getElementById(id)) {
      show();
      return;
    }
    // A tab switched to just now mounts its content a render later (the tabs' presence): look again next frame.
    const frame = requestAnimationFrame(show);
    return () => cancelAnimationFrame(frame);
  });

  const highlights = useMemo(() => {
    const manual: Highlight[] = draft.manual.map((range) => ({
      ...range,
      className: manualColour.marked,
      label: 'Your selection · will be redacted',
    }));
    const chosen: Highlight[] = [];
    const kept: Highlight[] = [];
    findings.forEach((finding, index) => {
      const on = draft.selected.has(index);
      const colour = entityColour(positions.get(finding.type) ?? 0);
      const name = names.get(finding.type) ?? typeLabel(finding.type);
      (on ? chosen : kept).push({
        start: finding.start,
        end: finding.end,
        className: on ? colour.marked : colour.kept,
        label: `${name} · ${Math.round(finding.score * 100)}% · ${on ? 'will be redacted (click to keep)' : 'kept (click to redact)'}`,
        id: findingElementId(idPrefix, 'text', index),
        onActivate: () => dispatch({ kind: 'finding', index, on: !on }),
      });
    });
    // Overlaps are drawn by the first: the user's own selections, then what will go, then what stays.
    return [...manual, ...chosen, ...kept];
  }, [draft, findings, positions, names, idPrefix]);

  const selectionBoxes = useMemo(
    () =>
      draft.manual.flatMap((range) =>
        boxesForRange(previews.pages, range).map(
          (rect, part): PreviewBox => ({
            key: `manual-${range.start}-${range.end}-${part}`,
            ...rect,
            className: manualColour.boxMarked,
            label: `Your selection “${excerpt(text.slice(range.start, range.end), 40)}”: redacted`,
          }),
        ),
      ),
    [draft.manual, previews.pages, text],
  );

  const findingBoxes = useMemo(
    () =>
      findings.flatMap((finding, index) => {
        const on = draft.selected.has(index);
        const colour = entityColour(positions.get(finding.type) ?? 0);
        const name = names.get(finding.type) ?? typeLabel(finding.type);
        return finding.rects.map(
          (rect, part): PreviewBox => ({
            key: `${index}-${part}`,
            ...rect,
            id: part === 0 ? findingElementId(idPrefix, 'page', index) : undefined,
            className: on ? colour.boxMarked : colour.boxKept,
            label: `${name} “${finding.text}”: ${on ? 'redacted' : 'kept'}`,
            pressed: on,
            onToggle: () => dispatch({ kind: 'finding', index, on: !on }),
          }),
        );
      }),
    [draft, findings, positions, names, idPrefix],
  );
  // Selections go first, so the findings' toggles are drawn over them and stay clickable.
  const boxes = useMemo(() => [...selectionBoxes, ...findingBoxes], [selectionBoxes, findingBoxes]);

  const addSelection = (range: TextRange) => dispatch({ kind: 'add-manual', ranges: [range], label: 'your selection' });

  const submit = async () => {
    setPreparing(true);
    try {
      const encoded = await fileToBase64(file);
      await run.start(redactionInput(analysis, encoded, draft));
    } catch (error) {
      toast.error(getErrorMessage(error));
    } finally {
      setPreparing(false);
    }
  };

  const last = state.past.at(-1);
  const undo = () => dispatch({ kind: 'undo' });
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('input[type="text"], input:not([type]), textarea, select')) return;
    if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z' && last) {
      event.preventDefault();
      undo();
    }
  };

  const blocker =
    text.trim().length === 0
      ? 'No text was found in this document, so there is nothing to redact.'
      : count === 0
        ? 'Choose at least one finding, or select text, to redact.'
        : null;
  const failure = run.job?.status === 'failed' ? (run.job.error ?? unexplainedFailure) : null;
  const textView = (
    <DocumentText
      text={text}
      pages={analysis.pages}
      highlights={highlights}
      label={`Text of ${analysis.file_name}`}
      onRedactSelection={addSelection}
      className="h-full"
    />
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+Z anywhere in the editor undoes the last change
    <div onKeyDown={onKeyDown}>
      {/* On a wide screen the columns fill the window above the action bar: 16rem is the app header, the page's
          padding and header above them, and the bar with its gap below, so neither column runs under the bar. */}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="h-[65svh] gap-0 overflow-hidden py-0 lg:h-[calc(100svh-16rem)]">
          {hasPreviews ? (
            <Tabs
              value={view}
              onValueChange={(value) => setView(value as 'pages' | 'text')}
              className="h-full min-h-0 gap-0"
            >
              <div className="border-b px-4 py-2">
                <TabsList>
                  <TabsTrigger value="pages">Pages</TabsTrigger>
                  <TabsTrigger value="text">Text</TabsTrigger>
                </TabsList>
              </div>
              <TabsContent value="pages" className="min-h-0 overflow-y-auto px-4 py-4">
                <PagePreviews
                  previews={previews}
                  boxes={boxes}
                  fileName={analysis.file_name}
                  textElsewhere="Its text and findings are in the Text view."
                  idPrefix={idPrefix}
                />
              </TabsContent>
              <TabsContent value="text" className="min-h-0">
                {textView}
              </TabsContent>
            </Tabs>
          ) : (
            textView
          )}
        </Card>

        <aside
          aria-label="What to redact"
          className="space-y-4 lg:sticky lg:top-20 lg:max-h-[calc(100svh-16rem)] lg:overflow-y-auto lg:pr-1"
        >
          <ReportPanel title="Policy">
            <PolicyPicker
              policies={policies}
              findings={findings}
              draft={draft}
              dispatch={dispatch}
              unavailable={policiesUnavailable}
            />
          </ReportPanel>
          <ReportPanel title="Personal data found">
            <EntityList groups={groups} findings={findings} selected={draft.selected} dispatch={dispatch} />
          </ReportPanel>
          <ReportPanel title="How redactions look">
            <StylePicker text={text} redactions={redactions} style={draft.style} dispatch={dispatch} />
          </ReportPanel>
          {alsoLeftOut[analysis.kind] && (
            <ReportPanel title="Also left out">
              <p className="text-muted-foreground text-sm">{alsoLeftOut[analysis.kind]}</p>
            </ReportPanel>
          )}
          <ReportPanel title={`Findings (${findings.length.toLocaleString('en-US')})`}>
            <FindingsList
              findings={findings}
              selected={draft.selected}
              dispatch={dispatch}
              nameOf={nameOf}
              colourOf={colourOf}
              pageOf={pageOf}
              onShow={setJump}
            />
          </ReportPanel>
          <ReportPanel title="Your redactions">
            <ManualRedactions text={text} manual={draft.manual} dispatch={dispatch} />
          </ReportPanel>
        </aside>
      </div>

      {(failure !== null || Boolean(run.error)) && (
        <div className="mt-4 space-y-3">
          {failure && <RunFailure reason={failure} copy={redactionCopy} />}
          {run.error ? <StartError error={run.error} copy={redactionCopy} /> : null}
        </div>
      )}

      {/* Opaque, and over the page's bottom padding, so nothing scrolls into view behind or below it. */}
      <div className="sticky bottom-0 z-10 -mx-4 mt-4 -mb-6 border-t bg-background px-4 py-3 sm:-mx-6 sm:px-6 lg:-mx-8 lg:-mb-8 lg:px-8">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="font-medium text-sm tabular-nums" aria-live="polite">
            {plural(count, 'redaction', 'redactions')}
            {cost !== null && (
              <span className="font-normal text-muted-foreground">
                {' '}
                · costs {formatTokens(cost)} {cost === 1 ? 'token' : 'tokens'}
              </span>
            )}
          </p>
          <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
            {blocker && (
              <p id={blockerId} className="text-muted-foreground text-sm">
                {blocker}
              </p>
            )}
            <Button
              variant="ghost"
              size="sm"
              onClick={undo}
              disabled={!last}
              title={last ? `Undo: ${last.change} (Ctrl+Z)` : 'Nothing to undo'}
              aria-label={last ? `Undo: ${last.change}` : 'Undo'}
            >
              <Undo2 />
              Undo
            </Button>
            <Button
              onClick={() => void submit()}
              disabled={blocker !== null || preparing || run.isActive}
              aria-describedby={blocker ? blockerId : undefined}
            >
              {preparing && <Spinner />}
              Redact document
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}

function EditorSkeleton() {
  return (
    <div role="status" aria-label="Loading the policies" className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Skeleton className="h-[65svh] rounded-xl" />
      <div className="space-y-4">
        <Skeleton className="h-32 rounded-xl" />
        <Skeleton className="h-56 rounded-xl" />
      </div>
    </div>
  );
}
