import type { DocumentAnalysis } from '@candor/contracts/tools';
import { detectPii, type PiiEntityType, piiPolicies } from '@candor/engine-pii';
import {
  documentKindFor,
  locateRanges,
  PREVIEW_MEDIA_TYPE,
  readDocument,
  renderPagePreviews,
} from '@candor/engine-redact';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { refusalOf } from '../document-redaction/document-errors.js';
import { pageLines, wordsOnPages } from '../document-redaction/page-layout.js';
import { defineEngine, type EngineRefusal } from '../engines/engine-module.js';

export interface DocumentAnalysisInput {
  fileName: string;
  bytes: Uint8Array;
  limits: { maxBytes: number; maxPages: number; maxCharacters: number };
}

/** Previews are for looking at, not reading: wide enough for the options screen, few enough for one response. */
const PREVIEW_WIDTH = 900;
const PREVIEW_PAGES = 20;

/** The lowest threshold any policy gives each entity: the screen applies the chosen policy's own on top. */
const loosestThresholds: Partial<Record<PiiEntityType, number>> = {};
for (const policy of piiPolicies) {
  for (const [type, threshold] of Object.entries(policy.thresholds) as [PiiEntityType, number][]) {
    loosestThresholds[type] = Math.min(loosestThresholds[type] ?? 1, threshold);
  }
}

/**
 * `POST v1/tools/document-redaction/analyse`: the document's text, page previews, every finding with its boxes, and
 * the boxes of the previewed pages' words, so the screen can box the user's own selections too.
 */
export default defineEngine<DocumentAnalysisInput, Omit<DocumentAnalysis, 'file_name'> | EngineRefusal>(
  async ({ fileName, bytes, limits }) => {
    try {
      const kind = documentKindFor(fileName, bytes);
      const document = await readDocument(bytes, kind, limits);
      const findings = detectPii(document.text, { thresholds: loosestThresholds });
      const previews = await renderPagePreviews(bytes, kind, { maxWidth: PREVIEW_WIDTH, maxPages: PREVIEW_PAGES });
      const previewOf = new Map(
        previews.map((p) => [p.page, `data:${PREVIEW_MEDIA_TYPE};base64,${Buffer.from(p.image).toString('base64')}`]),
      );
      const words = wordsOnPages(document, new Set(previewOf.keys()));
      // Findings and words in one call: each call reads the document again.
      const rects = await locateRanges(bytes, kind, [...findings, ...words]);
      const lines = pageLines(words, rects.slice(findings.length));
      return {
        kind,
        text: document.text,
        words: tokenizeWords(document.text).length,
        pages: document.pages.map((page) => ({
          ...page,
          preview: previewOf.get(page.number) ?? null,
          lines: lines.get(page.number) ?? [],
        })),
        findings: findings.map(({ start, end, type, score, text }, i) => ({
          start,
          end,
          type,
          score,
          text,
          rects: rects[i] ?? [],
        })),
      };
    } catch (error) {
      return refusalOf(error);
    }
  },
);
