import {
  PLAGIARISM_SOURCE_LIMITS,
  type PlagiarismDocumentSource,
  plagiarismDocumentSourceSchema,
  plagiarismSourcesSchema,
  TOOL_LIMITS,
} from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import CircleAlert from 'lucide-react/icons/circle-alert';
import FileText from 'lucide-react/icons/file-text';
import Globe from 'lucide-react/icons/globe';
import Upload from 'lucide-react/icons/upload';
import X from 'lucide-react/icons/x';
import { type DragEvent, type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { extractToolText } from '@/features/tool-runs/api/tool-jobs';
import type { ToolInputSlotProps } from '@/features/tool-runs/components/text-input-stage';
import { textProblemFrom } from '@/features/tool-runs/lib/text-problem';
import { acceptedFiles, extensionList, fileProblem, megabytes } from '@/features/tool-runs/lib/upload';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { PLAGIARISM } from '../api/copyright-detection';
import { usePlagiarismSourceOptions } from '../api/source-options';
import { type CopyrightDraft, draftCharacters } from '../lib/draft';
import { privateAddressHost, unreadSourceUrls } from '../lib/source-urls';

type SourcesPanelProps = ToolInputSlotProps<CopyrightDraft>;

const number = (value: number) => value.toLocaleString('en-US');
const { maxCharacters, maxFileBytes } = TOOL_LIMITS.plagiarism;
/** The contract's rule for one web address, checked as the user types (the server checks it again). */
const urlProblem = textProblemFrom(plagiarismSourcesSchema.shape.urls.unwrap().element);

/** `/copyright-detector`'s sources: files, web addresses, earlier documents, and what is not counted. */
export function SourcesPanel(props: SourcesPanelProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4 border-t pt-4">
      <div className="space-y-1">
        <h2 id={headingId} className="font-medium text-base">
          Sources
        </h2>
        <p className="text-muted-foreground text-xs">
          What to compare the text with: files, web pages or your earlier documents. Add at least one.
        </p>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-x-6 gap-y-5 md:grid-cols-2">
        <SourceFiles {...props} />
        <SourceUrls {...props} />
        <EarlierDocuments {...props} />
        <Exclusions {...props} />
      </div>
    </section>
  );
}

function SourceFiles({ draft, onDraftChange, disabled, onPendingChange }: SourcesPanelProps) {
  const inputId = useId();
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  // Files are read one after another; each check needs the list as the previous file left it.
  const documents = useRef(draft.documents);
  useEffect(() => {
    documents.current = draft.documents;
  });
  const words = useMemo(
    () => draft.documents.map((document) => tokenizeWords(document.text).length),
    [draft.documents],
  );
  const full = draft.documents.length >= PLAGIARISM_SOURCE_LIMITS.documents;

  const add = (document: PlagiarismDocumentSource) => {
    documents.current = [...documents.current, document];
    onDraftChange((current) => ({ ...current, documents: [...current.documents, document] }));
  };

  const addFiles = async (files: readonly File[]) => {
    const found: string[] = [];
    setProblems([]);
    try {
      for (const file of files) {
        const refusal = fileProblem(file, maxFileBytes);
        if (refusal) {
          found.push(refusal);
          continue;
        }
        if (documents.current.length >= PLAGIARISM_SOURCE_LIMITS.documents) {
          found.push(`${file.name} was left out: add up to ${PLAGIARISM_SOURCE_LIMITS.documents} files.`);
          continue;
        }
        setReading(file.name);
        onPendingChange(`Wait until ${file.name} is read.`);
        try {
          const extracted = await extractToolText(PLAGIARISM, file);
          const document = plagiarismDocumentSourceSchema.safeParse({
            name: extracted.file_name,
            text: extracted.text,
          });
          if (!document.success) {
            found.push(`${file.name}: ${document.error.issues[0]?.message ?? 'it cannot be compared'}.`);
          } else if (documents.current.some((existing) => existing.name === document.data.name)) {
            found.push(`A file named ${document.data.name} is already a source.`);
          } else {
            add(document.data);
          }
        } catch (error) {
          found.push(`${file.name}: ${getErrorMessage(error)}`);
        }
      }
    } finally {
      setReading(null);
      onPendingChange(null);
      setProblems(found);
      // The same file can be chosen again after a fix (or a failed read).
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled && !reading) void addFiles([...event.dataTransfer.files]);
  };

  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="font-medium text-sm">Files</h3>
        <p className="text-muted-foreground text-xs tabular-nums">
          {draft.documents.length} / {PLAGIARISM_SOURCE_LIMITS.documents}
        </p>
      </div>
      <section
        aria-label="Drop files to add them as sources"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-wrap items-center gap-3 rounded-lg border border-dashed p-3',
          dragging && 'border-primary bg-primary/10',
        )}
      >
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          multiple
          accept={acceptedFiles}
          className="peer sr-only"
          aria-describedby={hintId}
          disabled={disabled || Boolean(reading) || full}
          onChange={(event) => void addFiles([...(event.target.files ?? [])])}
        />
        <Label
          htmlFor={inputId}
          className="inline-flex h-8 cursor-pointer items-center gap-2 whitespace-nowrap rounded-md border bg-background px-3 font-medium text-sm shadow-xs hover:bg-accent hover:text-accent-foreground peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50 dark:border-input dark:bg-input/30"
        >
          {reading ? <Spinner /> : <Upload className="size-4" aria-hidden="true" />}
          Add files
        </Label>
        <p id={hintId} className="min-w-0 flex-1 text-muted-foreground text-xs">
          {full
            ? `That is the most one check takes: remove a file to add another.`
            : `Or drop them here · ${extensionList}, up to ${megabytes(maxFileBytes)} MB each.`}
        </p>
      </section>

      <div aria-live="polite" className="space-y-2 empty:hidden">
        {reading && (
          <p className="flex items-center gap-2 text-muted-foreground text-sm">
            <Spinner /> Reading {reading}…
          </p>
        )}
        {problems.length > 0 && (
          <Alert variant="destructive">
            <CircleAlert />
            <AlertTitle>{problems.length === 1 ? 'A file was not added' : 'Some files were not added'}</AlertTitle>
            <AlertDescription>
              <ul className="space-y-0.5">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </AlertDescription>
          </Alert>
        )}
      </div>

      {draft.documents.length > 0 && (
        <>
          <ul aria-label="Source files" className="divide-y rounded-md border">
            {draft.documents.map((document, index) => (
              <li key={document.name} className="flex items-center gap-2 py-1 pr-1 pl-3 text-sm">
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate" dir="auto">
                  {document.name}
                </span>
                <span className="shrink-0 text-muted-foreground text-xs tabular-nums">
                  {number(words[index] ?? 0)} {words[index] === 1 ? 'word' : 'words'}
                </span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove ${document.name}`}
                  disabled={disabled}
                  onClick={() =>
                    onDraftChange((current) => ({
                      ...current,
                      documents: current.documents.filter((existing) => existing.name !== document.name),
                    }))
                  }
                >
                  <X />
                </Button>
              </li>
            ))}
          </ul>
          <p
            className={cn(
              'text-muted-foreground text-xs tabular-nums',
              draftCharacters(draft) > maxCharacters && 'font-medium text-destructive',
            )}
          >
            The text and these files: {number(draftCharacters(draft))} of {number(maxCharacters)} characters
          </p>
        </>
      )}
    </div>
  );
}

function SourceUrls({ draft, onDraftChange, disabled, failure }: SourcesPanelProps) {
  const inputId = useId();
  const messageId = useId();
  const [value, setValue] = useState('');
  const full = draft.urls.length >= PLAGIARISM_SOURCE_LIMITS.urls;
  // A self-hosted server may be set up to read its own network (SOURCE_FETCH_ALLOW_PRIVATE): until the server has
  // said whether it is, a private address is only a warning, and the server has the last word when the check runs.
  const privateAddresses = usePlagiarismSourceOptions().data?.private_addresses;
  const typed = value.trim();
  const typedPrivateHost = typed && privateAddresses !== true ? privateAddressHost(typed) : null;
  const problem = typed
    ? (urlProblem(typed) ??
      (draft.urls.includes(typed) ? 'This web address is already a source' : null) ??
      (typedPrivateHost && privateAddresses === false
        ? `Candor does not read private or local addresses (${typedPrivateHost}).`
        : null))
    : null;
  const privateHost = problem ? null : typedPrivateHost;
  const unread = unreadSourceUrls(draft.urls, failure);

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!typed || problem || full) return;
    onDraftChange((current) => ({ ...current, urls: [...current.urls, typed] }));
    setValue('');
  };

  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={inputId} className="font-medium text-sm">
          Web addresses
        </Label>
        <p className="text-muted-foreground text-xs tabular-nums">
          {draft.urls.length} / {PLAGIARISM_SOURCE_LIMITS.urls}
        </p>
      </div>
      {/* The contract's rule gives the message as the user types, so the browser's own URL check stays off. */}
      <form noValidate onSubmit={add} className="flex gap-2">
        <Input
          id={inputId}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/article"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={messageId}
          disabled={disabled || full}
          className="h-9"
        />
        <Button type="submit" variant="outline" disabled={disabled || full || !typed || Boolean(problem)}>
          Add
        </Button>
      </form>
      {/* One line for the problem or the hint, so the list below does not jump as the user types. */}
      <p
        id={messageId}
        className={cn(
          'min-h-4 text-xs',
          problem && 'font-medium text-destructive',
          !problem && privateHost && 'font-medium text-warning-foreground dark:text-warning',
          !problem && !privateHost && 'text-muted-foreground',
        )}
      >
        {problem ??
          (privateHost
            ? `${privateHost} is a private or local address: the check will fail unless this server is set up to read your own network.`
            : full
              ? `That is the most one check takes: remove an address to add another.`
              : 'Public pages only. Each page is read when the check runs.')}
      </p>
      {draft.urls.length > 0 && (
        <ul aria-label="Source web addresses" className="divide-y rounded-md border">
          {draft.urls.map((url) => {
            const notRead = unread.includes(url);
            return (
              <li
                key={url}
                className={cn(
                  'flex items-center gap-2 py-1 pr-1 pl-3 text-sm',
                  notRead && 'bg-destructive/5 text-destructive',
                )}
              >
                {notRead ? (
                  <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
                ) : (
                  <Globe className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                )}
                <span className="min-w-0 flex-1 truncate" title={url}>
                  {url}
                </span>
                {notRead ? (
                  <span className="shrink-0 font-medium text-xs">Not read</span>
                ) : (
                  privateAddresses !== true &&
                  privateAddressHost(url) && (
                    <span className="shrink-0 font-medium text-warning-foreground text-xs dark:text-warning">
                      Private address
                    </span>
                  )
                )}
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove ${url}`}
                  disabled={disabled}
                  onClick={() =>
                    onDraftChange((current) => ({
                      ...current,
                      urls: current.urls.filter((existing) => existing !== url),
                    }))
                  }
                >
                  <X />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function EarlierDocuments({ draft, onDraftChange, disabled }: SourcesPanelProps) {
  const options = usePlagiarismSourceOptions();
  const mine = options.data?.my_documents ?? 0;
  const organisation = options.data?.organisation_documents ?? false;

  // What the server cannot compare with (a draft from before, or a setting turned off since) is switched off, so a
  // check never counts on a source that is not there.
  useEffect(() => {
    // Only on a fresh count: a cached one from before the last run may still say 0.
    if (!options.data || options.isFetching) return;
    if ((draft.myDocuments && mine === 0) || (draft.organisationDocuments && !organisation)) {
      onDraftChange((current) => ({
        ...current,
        myDocuments: current.myDocuments && mine > 0,
        organisationDocuments: current.organisationDocuments && organisation,
      }));
    }
  }, [
    options.data,
    options.isFetching,
    mine,
    organisation,
    draft.myDocuments,
    draft.organisationDocuments,
    onDraftChange,
  ]);

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="mb-2 font-medium text-sm">Earlier documents</legend>
      {options.isPending ? (
        <div role="status" aria-label="Counting your earlier documents" className="space-y-1.5">
          <Skeleton className="h-5 w-52" />
          <Skeleton className="h-3.5 w-64 max-w-full" />
        </div>
      ) : options.isError ? (
        <div className="space-y-1 text-sm">
          <p className="text-muted-foreground">
            Your earlier documents could not be counted. {getErrorMessage(options.error)}
          </p>
          <Button variant="outline" size="sm" onClick={() => void options.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <OptionRow
            label={`My earlier documents (${number(mine)})`}
            hint={
              mine === 0
                ? 'None yet: the texts you check or analyse with Candor are kept here to compare with later.'
                : 'The texts you checked or analysed before, with any tool.'
            }
            checked={draft.myDocuments}
            disabled={disabled || mine === 0}
            onChange={(checked) => onDraftChange((current) => ({ ...current, myDocuments: checked }))}
          />
          {organisation && (
            <OptionRow
              label="Everyone’s documents in your organisation"
              hint="Earlier texts of everyone on this server. Their owners are never named."
              checked={draft.organisationDocuments}
              disabled={disabled}
              onChange={(checked) => onDraftChange((current) => ({ ...current, organisationDocuments: checked }))}
            />
          )}
        </>
      )}
    </fieldset>
  );
}

/** A control with its label and hint beside it: the earlier-documents checkboxes and the exclusion switches. */
function ControlRow({
  label,
  hint,
  control,
}: {
  label: string;
  hint: string;
  control: (ids: { id: string; hintId: string }) => ReactNode;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex items-start gap-2.5">
      {control({ id, hintId })}
      <div className="space-y-0.5">
        <Label htmlFor={id} className="font-normal text-sm">
          {label}
        </Label>
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      </div>
    </div>
  );
}

interface ToggleRowProps {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

function OptionRow({ checked, disabled, onChange, ...text }: ToggleRowProps) {
  return (
    <ControlRow
      {...text}
      control={({ id, hintId }) => (
        <span className="pt-0.5">
          <Checkbox
            id={id}
            checked={checked}
            disabled={disabled}
            aria-describedby={hintId}
            onChange={(event) => onChange(event.target.checked)}
          />
        </span>
      )}
    />
  );
}

function SwitchRow({ checked, disabled, onChange, ...text }: ToggleRowProps) {
  return (
    <ControlRow
      {...text}
      control={({ id, hintId }) => (
        <Switch
          id={id}
          checked={checked}
          disabled={disabled}
          aria-describedby={hintId}
          onCheckedChange={onChange}
          className="mt-0.5"
        />
      )}
    />
  );
}

function Exclusions({ draft, onDraftChange, disabled }: SourcesPanelProps) {
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="mb-2 font-medium text-sm">Not counted as copied</legend>
      <SwitchRow
        label="Exclude quotations"
        hint="Passages in quotation marks, and block quotes."
        checked={draft.excludeQuotations}
        disabled={disabled}
        onChange={(checked) => onDraftChange((current) => ({ ...current, excludeQuotations: checked }))}
      />
      <SwitchRow
        label="Exclude the reference list"
        hint="A closing list headed References, Bibliography, Works cited or Sources."
        checked={draft.excludeReferences}
        disabled={disabled}
        onChange={(checked) => onDraftChange((current) => ({ ...current, excludeReferences: checked }))}
      />
    </fieldset>
  );
}
