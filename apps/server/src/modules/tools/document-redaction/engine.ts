import { toStorableText } from '@candor/contracts';
import type { DocumentRedactionInput, DocumentRedactionResult } from '@candor/contracts/tools';
import { TOOL_LIMITS } from '@candor/contracts/tools';
import { documentKindFor, readDocument, redactDocument } from '@candor/engine-redact';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { defineEngine, type EngineRefusal, refuse } from '../engines/engine-module.js';
import { refusalOf } from './document-errors.js';
import { applyToText, planRedactions, redactedRanges } from './redactions.js';

/** The engine's output: the stored result plus the redacted file, which is stored beside it (history_files). */
export type DocumentRedactionOutput = DocumentRedactionResult & { content: Uint8Array };

const limits = {
  maxBytes: TOOL_LIMITS['document-redaction'].maxFileBytes,
  maxPages: TOOL_LIMITS['document-redaction'].maxPages,
  maxCharacters: TOOL_LIMITS['document-redaction'].maxCharacters,
};

// A text file comes back as UTF-8 whatever it was; a .md stays a .md.
const extensionOf = (fileName: string) => /\.([^.]+)$/.exec(fileName)?.[1] ?? 'txt';
const redactedName = (fileName: string, extension: string) =>
  `${fileName.replace(/\.[^.]+$/, '')}-redacted.${extension}`;

export default defineEngine<DocumentRedactionInput, DocumentRedactionOutput | EngineRefusal>(async (input, report) => {
  try {
    const bytes = new Uint8Array(Buffer.from(input.file, 'base64'));
    const kind = documentKindFor(input.file_name, bytes);
    report({ percent: 5, stage: 'Reading the document' });
    const document = await readDocument(bytes, kind, limits);
    // The job's text had any NUL replaced on its way in (one code unit for one: offsets hold), so compare it so.
    if (toStorableText(document.text) !== input.text) {
      return refuse(409, 'document_changed', 'This document does not match the one analysed. Upload it again.');
    }
    const planned = planRedactions(document.text, input.redactions, input.style);
    const redacted = redactedRanges(document.text, planned, input.style);
    report({ percent: 30, stage: 'Removing the redacted text' });
    const output = await redactDocument(bytes, kind, planned, { style: input.style });
    if (!output.verification.passed) {
      const failed = output.verification.checks.filter((check) => !check.passed).map((check) => check.name);
      return refuse(
        422,
        'redaction_unverified',
        `The redacted file did not pass verification (${failed.join(', ')}), so it was not delivered. No tokens were charged.`,
      );
    }
    const pageOf = (offset: number) =>
      document.pages.find((page) => offset >= page.start && offset < page.end)?.number ?? null;
    return {
      kind,
      style: input.style,
      policy: input.policy,
      file: {
        name: redactedName(input.file_name, kind === 'text' ? extensionOf(input.file_name) : output.extension),
        media_type: output.mediaType,
        bytes: output.bytes.length,
      },
      words: tokenizeWords(document.text).length,
      pages: document.pages.length,
      redactions: redacted.map((r) => ({ ...r, page: kind === 'pdf' || kind === 'image' ? pageOf(r.start) : null })),
      redacted_text: applyToText(document.text, redacted),
      verification: output.verification,
      content: output.bytes,
    };
  } catch (error) {
    return refusalOf(error);
  }
});
