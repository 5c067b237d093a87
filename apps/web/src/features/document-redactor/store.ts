import type { DocumentAnalysis } from '@candor/contracts/tools';
import type { RedactionDraft } from './lib/draft';

/** The chosen file and what the analysis found in it: kept in memory only, never stored (the original stays here). */
export interface RedactorDocument {
  file: File;
  analysis: DocumentAnalysis;
}

/** A finished run, with the document it redacted while that is still in memory (for the before/after view). */
export interface RedactorResult {
  historyId: string;
  document: RedactorDocument | null;
}

/**
 * In-memory state of the document-redactor flow (spec §2 guards): the file chosen on /document-redactor with its
 * analysis, the choices made on /options, and the run shown on /result. A reload forgets all of it on purpose.
 */
let currentDocument: RedactorDocument | null = null;
let currentDraft: RedactionDraft | null = null;
let currentResult: RedactorResult | null = null;

function clear() {
  currentDocument = null;
  currentDraft = null;
  currentResult = null;
}

export const redactorStore = {
  document: () => currentDocument,
  selectedFile: () => currentDocument?.file ?? null,
  /** A new document: its choices and any earlier result are forgotten. */
  setDocument: (document: RedactorDocument | null) => {
    currentDocument = document;
    currentDraft = null;
    currentResult = null;
  },
  /** The options screen's choices, so going back to it from the result keeps them. */
  draft: () => currentDraft,
  setDraft: (draft: RedactionDraft | null) => {
    currentDraft = draft;
  },
  result: () => currentResult,
  /** The run succeeded: the result screen shows it beside the document still in memory. */
  setResult: (historyId: string) => {
    currentResult = { historyId, document: currentDocument };
  },
  /** The original document of a stored run, when this tab still has it. */
  originalOf: (historyId: string) => (currentResult?.historyId === historyId ? currentResult.document : null),
  clear,
  /**
   * "Choose another document": forgets the document, its choices and its result, and returns the Undo, which brings
   * them back and says whether it could — not once another document has been chosen.
   */
  close: () => {
    const closed = { document: currentDocument, draft: currentDraft, result: currentResult };
    clear();
    return () => {
      if (currentDocument || !closed.document) return false;
      ({ document: currentDocument, draft: currentDraft, result: currentResult } = closed);
      return true;
    };
  },
};
