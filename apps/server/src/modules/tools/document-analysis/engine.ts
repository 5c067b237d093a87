import type { DocumentAnalysis, DocumentPreviews } from '@candor/contracts/tools';
import { detectPii, type PiiEntityType, piiPolicies } from '@candor/engine-pii';
import { type DocumentLimits, type DocumentText, documentKindFor, readDocument } from '@candor/engine-redact';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { refusalOf } from '../document-redaction/document-errors.js';
import { defineEngine, type EngineRefusal, refuse } from '../engines/engine-module.js';
import { type PageRange, previewPages } from './page-previews.js';

/** What the screen asks of an uploaded document: the analysis, or the previews of a later run of its pages. */
export type DocumentAnalysisInput = { fileName: string; bytes: Uint8Array; limits: DocumentLimits } & (
  | { task: 'analyse' }
  | { task: 'previews'; pages: PageRange }
);

/** The analysis previews this many pages, so its answer stays small; later pages come from `…/previews` in batches. */
const ANALYSIS_PREVIEW_PAGES = 20;

/** The lowest threshold any policy gives each entity: the screen applies the chosen policy's own on top. */
const loosestThresholds: Partial<Record<PiiEntityType, number>> = {};
for (const policy of piiPolicies) {
  for (const [type, threshold] of Object.entries(policy.thresholds) as [PiiEntityType, number][]) {
    loosestThresholds[type] = Math.min(loosestThresholds[type] ?? 1, threshold);
  }
}

/**
 * `POST v1/tools/document-redaction/analyse`: the document's text, previews of its first pages, every finding with
 * its boxes, and the boxes of the previewed pages' words, so the screen can box the user's own selections too.
 */
async function analyse(bytes: Uint8Array, document: DocumentText) {
  const findings = detectPii(document.text, { thresholds: loosestThresholds });
  const previewed = await previewPages(bytes, document, { first: 1, last: ANALYSIS_PREVIEW_PAGES }, findings);
  const previewOf = new Map(previewed.pages.map((page) => [page.number, page]));
  return {
    kind: document.kind,
    text: document.text,
    words: tokenizeWords(document.text).length,
    pages: document.pages.map((page) => ({
      ...page,
      preview: previewOf.get(page.number)?.preview ?? null,
      lines: previewOf.get(page.number)?.lines ?? [],
    })),
    findings: findings.map(({ start, end, type, score, text }, i) => ({
      start,
      end,
      type,
      score,
      text,
      rects: previewed.located[i] ?? [],
    })),
  };
}

/**
 * The engine of both calls the screens make on an upload, so previews run where analyses do, with the same limits:
 * the server keeps no document between calls, so each reads it again from the bytes sent.
 */
export default defineEngine<
  DocumentAnalysisInput,
  Omit<DocumentAnalysis, 'file_name'> | DocumentPreviews | EngineRefusal
>(async (input) => {
  try {
    const kind = documentKindFor(input.fileName, input.bytes);
    const document = await readDocument(input.bytes, kind, input.limits);
    if (input.task === 'analyse') return await analyse(input.bytes, document);
    const count = document.pages.length;
    if (input.pages.first > count) {
      return refuse(
        400,
        'page_out_of_range',
        `This document has ${count} ${count === 1 ? 'page' : 'pages'}; there is no page ${input.pages.first}.`,
      );
    }
    return { pages: (await previewPages(input.bytes, document, input.pages)).pages };
  } catch (error) {
    return refusalOf(error);
  }
});
