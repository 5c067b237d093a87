import {
  type PlagiarismDocumentSource,
  type PlagiarismInput,
  plagiarismInputSchema,
  TOOL_LIMITS,
} from '@candor/contracts/tools';
import { z } from 'zod';
import type { Draft } from '@/features/tool-runs/lib/draft';
import { textProblemFrom } from '@/features/tool-runs/lib/text-problem';
import type { CopyrightRun } from '../api/copyright-detection';

/** The Copyright Detector's editor: the text, and what to compare it with. */
export interface CopyrightDraft extends Draft {
  /** Uploaded files, as `v1/tools/plagiarism/extract` read them. */
  documents: PlagiarismDocumentSource[];
  urls: string[];
  myDocuments: boolean;
  organisationDocuments: boolean;
  excludeQuotations: boolean;
  excludeReferences: boolean;
}

export const emptyCopyrightDraft: CopyrightDraft = {
  text: '',
  documents: [],
  urls: [],
  myDocuments: false,
  organisationDocuments: false,
  excludeQuotations: true,
  excludeReferences: true,
};

/** The sources and options of a stored draft; `.catch` puts the empty draft's value in place of a missing one. */
const storedSourcesSchema = z.object({
  documents: z.array(z.object({ name: z.string(), text: z.string() })).catch([]),
  urls: z.array(z.string()).catch([]),
  myDocuments: z.boolean().catch(false),
  organisationDocuments: z.boolean().catch(false),
  excludeQuotations: z.boolean().catch(true),
  excludeReferences: z.boolean().catch(true),
});

/** The draft kept in sessionStorage while a run goes, with its sources, read back. */
export function restoreCopyrightDraft(stored: Draft): CopyrightDraft {
  const sources = storedSourcesSchema.parse(stored);
  return stored.fileName
    ? { ...sources, text: stored.text, fileName: stored.fileName }
    : { ...sources, text: stored.text };
}

/** The editor again, with the text and the sources of a stored run (Edit and re-check). */
export function draftFromRun({ input, fileName }: CopyrightRun): CopyrightDraft {
  const draft: CopyrightDraft = {
    text: input.text,
    documents: input.sources.documents,
    urls: input.sources.urls,
    myDocuments: input.sources.my_documents,
    organisationDocuments: input.sources.organisation_documents,
    excludeQuotations: input.exclude_quotations,
    excludeReferences: input.exclude_references,
  };
  return fileName ? { ...draft, fileName } : draft;
}

/** `POST v1/tools/plagiarism/jobs`'s body. */
export function plagiarismBody(draft: CopyrightDraft): PlagiarismInput {
  return {
    text: draft.text,
    ...(draft.fileName ? { file_name: draft.fileName } : {}),
    sources: {
      documents: draft.documents,
      urls: draft.urls,
      my_documents: draft.myDocuments,
      organisation_documents: draft.organisationDocuments,
    },
    exclude_quotations: draft.excludeQuotations,
    exclude_references: draft.excludeReferences,
  };
}

const number = (value: number) => value.toLocaleString('en-US');
const { maxCharacters } = TOOL_LIMITS.plagiarism;
const textRule = textProblemFrom(plagiarismInputSchema.shape.text);
const sourcesRule = plagiarismInputSchema.shape.sources;

/** What the server counts against the character limit: the text and the files travel in the same request. */
export const draftCharacters = (draft: CopyrightDraft) =>
  draft.documents.reduce((sum, document) => sum + document.text.length, draft.text.length);

/**
 * Why the check cannot start yet, in the contract's words: no text, or no source. The editor says what is wrong with
 * the text itself (too long, no words); this says only what it does not.
 */
export function copyrightBlocker(draft: CopyrightDraft): string | null {
  if (draft.text.trim().length === 0) return textRule(draft.text);
  const sources = sourcesRule.safeParse(plagiarismBody(draft).sources);
  if (!sources.success) return sources.error.issues[0]?.message ?? null;
  const over = draftCharacters(draft) - maxCharacters;
  if (over > 0 && draft.text.length <= maxCharacters) {
    return `The text and the source files are ${number(over)} characters over the limit of ${number(maxCharacters)}. Remove a file or shorten the text.`;
  }
  return null;
}
