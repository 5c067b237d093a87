import type { PlagiarismCheckedSource, PlagiarismInput, PlagiarismUnreadSource } from '@candor/contracts/tools';
import { AppError } from '../../../http/errors.js';
import { builtInEngine } from '../engines/engine-pool.js';
import { fetchSourceUrl } from '../sources/fetch-source-url.js';
import type { PageText } from '../sources/page-text.js';
import type { PrepareContext } from '../tool-definition.js';
import { contentKeysOf, readMyDocuments, readOrganisationDocuments } from './earlier-documents.js';

/** A reference text with what the report says about it; `source_id` is unique within one run. */
export type GatheredSource = Omit<PlagiarismCheckedSource, 'similarity' | 'matched_characters'> & { text: string };

/** The engine's input: the text, its options and every source's text, gathered on the server. */
export interface PlagiarismEngineInput {
  text: string;
  exclude_quotations: boolean;
  exclude_references: boolean;
  sources: GatheredSource[];
  /** The named web pages that could not be read, for the report to list. */
  unread_sources: PlagiarismUnreadSource[];
}

const MAX_REDIRECTS = 5;
const PAGE_TEXT_ENGINE = builtInEngine('sources');
const dateOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Reads every source a run names: uploaded files as given, web pages fetched (a page that cannot be read is left out
 * and listed with its reason; the run fails, charging nothing, only when that leaves nothing at all to compare with),
 * and earlier documents from the database. Earlier documents are distinct texts: one with the text being checked is
 * that text sent to another tool, one with a named file's or page's text is that file again, and a text submitted
 * several times is read once, from its newest run.
 */
export async function gatherSources(input: PlagiarismInput, context: PrepareContext): Promise<PlagiarismEngineInput> {
  const { sources } = input;
  const gathered: GatheredSource[] = sources.documents.map((document, index) => ({
    source_id: `document-${index + 1}`,
    kind: 'document',
    title: document.name,
    url: null,
    history_id: null,
    text: document.text,
  }));

  const failures: { url: string; error: AppError }[] = [];
  if (sources.urls.length > 0) {
    const pages = sources.urls.length === 1 ? 'the web page' : `${sources.urls.length} web pages`;
    context.progress({ percent: 5, stage: `Reading ${pages}` });
    const { sourceFetch } = context.config;
    const fetched = await Promise.all(
      sources.urls.map((url) =>
        fetchSourceUrl(url, {
          privateAllowList: sourceFetch.privateAllowList,
          maxBytes: sourceFetch.maxBytes,
          timeoutMs: sourceFetch.timeoutSeconds * 1_000,
          maxRedirects: MAX_REDIRECTS,
          readHtml: (html, stop) => context.runInWorker<PageText>(PAGE_TEXT_ENGINE, html, stop),
          signal: context.signal,
        }).catch((error: unknown) => {
          // A page at fault is left out and named in the report; a cancelled run or a fault of ours still fails.
          if (error instanceof AppError && error.status < 500 && !context.signal.aborted) return error;
          throw error;
        }),
      ),
    );
    fetched.forEach((page, index) => {
      if (page instanceof AppError) {
        failures.push({ url: sources.urls[index] ?? '', error: page });
        return;
      }
      gathered.push({
        source_id: `url-${index + 1}`,
        kind: 'url',
        title: page.title ?? page.url,
        url: page.url,
        history_id: null,
        text: page.text,
      });
    });
  }

  if (sources.my_documents || sources.organisation_documents) {
    const known = await contentKeysOf(context.db, [input.text, ...gathered.map((source) => source.text)]);
    if (sources.my_documents) {
      context.progress({ percent: 10, stage: 'Reading your earlier documents' });
      for (const document of await readMyDocuments(context.db, context.userId, known)) {
        gathered.push({
          source_id: `my-${document.historyId}`,
          kind: 'my_document',
          title: document.title,
          url: null,
          history_id: document.historyId,
          model_name: document.modelName,
          created_at: document.createdAt.toISOString(),
          text: document.text,
        });
      }
    }
    if (sources.organisation_documents) {
      context.progress({ percent: 12, stage: "Reading your organisation's documents" });
      let number = 0;
      for (const document of await readOrganisationDocuments(context.db, context.userId, known)) {
        number += 1;
        // Never the owner, the title or the tool: only that someone in the organisation submitted it, and when.
        gathered.push({
          source_id: `organisation-${number}`,
          kind: 'organisation_document',
          title: `A document submitted in your organisation on ${dateOf(document.createdAt)}`,
          url: null,
          history_id: null,
          text: document.text,
        });
      }
    }
  }

  if (gathered.length === 0 && failures.length > 0) throw noSourceRead(failures);

  return {
    text: input.text,
    exclude_quotations: input.exclude_quotations,
    exclude_references: input.exclude_references,
    sources: gathered,
    unread_sources: failures.map(({ url, error }) => ({ url, code: error.code, reason: error.message })),
  };
}

/**
 * Nothing was compared: a report of 0% would say the text is original when it was checked against nothing, so the
 * run fails and charges nothing. One page keeps its own error; several are named in one message, each with its host.
 */
function noSourceRead(failures: { url: string; error: AppError }[]): AppError {
  const [only] = failures;
  if (failures.length === 1 && only) return only.error;
  const reasons = failures.map(({ error }) => (/[.!?]$/.test(error.message) ? error.message : `${error.message}.`));
  return new AppError(
    'source_none_read',
    422,
    `None of the ${failures.length} web pages could be read. ${reasons.join(' ')}`,
    { urls: failures.map(({ url }) => url) },
  );
}
