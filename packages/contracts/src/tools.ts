import { hasEnoughEnglish } from '@candor/engine-ai-detect/language';
import { aiDetectionReportSchema } from '@candor/engine-ai-detect/report';
import { DEFAULT_SENSITIVITY, sensitivitySchema } from '@candor/engine-ai-detect/sensitivity';
import { humanizedDetectionReportSchema } from '@candor/engine-humanized-detect/report';
import { piiEntityTypes, piiFindingSchema, piiPolicyIds } from '@candor/engine-pii/catalogue';
import { excludedRangeSchema } from '@candor/engine-plagiarism/report';
import { obfuscationSchema } from '@candor/engine-writing/obfuscation';
import { writingReportSchema } from '@candor/engine-writing/report';
import { z } from 'zod';
import { GENERATION_LIMITS, generationServiceNames, generationToolIds } from './generation.js';
import { serviceNameSchema } from './tokens.js';
import { VOICE_LIMITS } from './voice.js';

/**
 * Tool runs (docs/tool-runs.md): every tool is started as a job, followed over Server-Sent Events and stored as a
 * history item. The tool ids are the URL segments of `v1/tools/{tool}/…`; each maps to one service name (§3).
 */
export const toolIds = [
  'writing-analysis',
  'ai-detection',
  ...generationToolIds,
  'humanized-detection',
  'plagiarism',
  'document-redaction',
  'site-scan',
  'voice-detection',
] as const;
export const toolIdSchema = z.enum(toolIds);
export type ToolId = z.infer<typeof toolIdSchema>;

export const toolServiceNames = {
  'writing-analysis': 'WRITING_ANALYSIS',
  'ai-detection': 'AI_DETECTION',
  ...generationServiceNames,
  'humanized-detection': 'QUILLBOT_ANALYSIS',
  plagiarism: 'PLAGIARISM',
  'document-redaction': 'PII_TEXT_DETECT',
  'site-scan': 'SITE_SCAN',
  'voice-detection': 'VEXON',
} as const satisfies Record<ToolId, z.infer<typeof serviceNameSchema>>;

/** How much one run may take in. The server enforces these; the screens show them. */
export interface ToolLimits {
  /** Characters of text in one run (UTF-16 code units, as the editor counts). */
  maxCharacters: number;
  /** Size of one uploaded file. */
  maxFileBytes: number;
  /** Pages of one uploaded PDF. */
  maxPages: number;
}

/**
 * What the pipeline answers, on `text`, to a run with nothing to count (an emoji-only or punctuation-only text):
 * every tool, before anything is reserved, besides any stricter rule of its own.
 */
export const NO_WORDS_MESSAGE = 'Enter some words to analyse';

/** The one place the limits live (issue 5). */
export const TOOL_LIMITS: Record<ToolId, ToolLimits> = {
  'writing-analysis': { maxCharacters: 200_000, maxFileBytes: 10 * 1024 * 1024, maxPages: 100 },
  ...GENERATION_LIMITS,
  'ai-detection': { maxCharacters: 200_000, maxFileBytes: 10 * 1024 * 1024, maxPages: 100 },
  'humanized-detection': { maxCharacters: 200_000, maxFileBytes: 10 * 1024 * 1024, maxPages: 100 },
  // The text and the uploaded sources together (the job route's body limit follows from the largest limit here).
  plagiarism: { maxCharacters: 600_000, maxFileBytes: 10 * 1024 * 1024, maxPages: 100 },
  // The document travels in the job request (base64) beside its text; the job route's body limit follows from these.
  // Half the text tools' pages: every page is rendered to pixels, for its preview and again to flatten it, in the
  // engine threads the tools share.
  'document-redaction': { maxCharacters: 600_000, maxFileBytes: 10 * 1024 * 1024, maxPages: 50 },
  // A site address, not text: characters count the URL; pages are the plan's and SITE_SCAN_MAX_PAGES's.
  'site-scan': { maxCharacters: 2_048, maxFileBytes: 0, maxPages: 0 },
  // A recording, not text: characters count its file name; its seconds are VOICE_LIMITS (contracts/voice.ts).
  'voice-detection': { maxCharacters: 255, maxFileBytes: VOICE_LIMITS.maxFileBytes, maxPages: 0 },
};

export * from './generation.js';

/** Files a text tool can read; the server extracts their text. */
export const uploadFormats = [
  { extension: '.txt', label: 'Plain text', mimeTypes: ['text/plain'] },
  { extension: '.md', label: 'Markdown', mimeTypes: ['text/markdown', 'text/x-markdown'] },
  {
    extension: '.docx',
    label: 'Word document',
    mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  },
  { extension: '.pdf', label: 'PDF', mimeTypes: ['application/pdf'] },
] as const;
export type UploadExtension = (typeof uploadFormats)[number]['extension'];

/** `POST v1/tools/{tool}/extract` (multipart, field `file`): the text of an uploaded file. */
export const extractedTextSchema = z.object({
  text: z.string(),
  file_name: z.string(),
  format: z.enum(['txt', 'md', 'docx', 'pdf']),
  /** Pages of a PDF; null for other formats. */
  pages: z.number().int().nullable(),
  characters: z.number().int(),
});
export type ExtractedText = z.infer<typeof extractedTextSchema>;

export const jobStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const jobStatusSchema = z.enum(jobStatuses);
export type JobStatus = z.infer<typeof jobStatusSchema>;
export const finishedJobStatuses: readonly JobStatus[] = ['succeeded', 'failed', 'cancelled'];

/** A job as the client sees it: `GET v1/jobs/{id}`, and every `snapshot` event of `v1/jobs/{id}/events`. */
export const jobSnapshotSchema = z.object({
  job_id: z.string(),
  tool: toolIdSchema,
  status: jobStatusSchema,
  progress: z.object({
    /** 0–100. */
    percent: z.number().min(0).max(100),
    /** What the engine is doing, in words a user understands. */
    stage: z.string(),
  }),
  /** What the engine has found so far (tool-specific), or null. */
  partial: z.unknown().nullable(),
  /** Tokens the run costs; reserved when it starts, charged only when its result is stored. */
  cost: z.number().int(),
  /** Set once the run is stored. */
  history_id: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type JobSnapshot = z.infer<typeof jobSnapshotSchema>;

/** `GET v1/jobs/?tool=`: the user's jobs this server still knows, newest first (a reloaded screen re-attaches). */
export const jobListSchema = z.object({ items: z.array(jobSnapshotSchema) });
export type JobList = z.infer<typeof jobListSchema>;

// --- Writing Analysis -------------------------------------------------------------------------------------------

export const writingAnalysisInputSchema = z.object({
  text: z
    .string()
    // The length limit is TOOL_LIMITS: the server answers it with 413, not as a field error.
    .refine((text) => text.trim().length > 0, 'Enter or upload some text to analyse'),
  /** Where the text came from, when it was uploaded; shown as the run's title. */
  file_name: z.string().trim().min(1).max(255).optional(),
});
export type WritingAnalysisInput = z.infer<typeof writingAnalysisInputSchema>;

/** What a Writing Analysis history item holds: `input` is the input above, `result` this. */
export const writingAnalysisResultSchema = writingReportSchema;
export type WritingAnalysisResult = z.infer<typeof writingAnalysisResultSchema>;

// --- AI detection, humanized-text detection ----------------------------------------------------------------------

/** Text for a detector: English prose (the models are trained on English). */
const detectorTextSchema = z
  .string()
  .refine((text) => text.trim().length > 0, 'Enter or upload some text to check')
  .refine(
    (text) => text.trim().length === 0 || hasEnoughEnglish(text),
    'The detectors read English text; this text has too few English words to check',
  );

/**
 * Words the AI detector needs to judge a text; shorter ones always come back "Too short to tell", so the screen
 * doesn't offer to charge for them. The model file's `minimumWords` (a server test checks they agree).
 */
export const AI_DETECTION_MINIMUM_WORDS = 40;

export const aiDetectionInputSchema = z.object({
  text: detectorTextSchema,
  file_name: z.string().trim().min(1).max(255).optional(),
  /** How readily the verdict calls a text AI: strict, balanced (default) or sensitive (docs/models/ai-detect.md). */
  sensitivity: sensitivitySchema.default(DEFAULT_SENSITIVITY),
});
export type AiDetectionInput = z.infer<typeof aiDetectionInputSchema>;
export const aiDetectionResultSchema = aiDetectionReportSchema;
export type AiDetectionResult = z.infer<typeof aiDetectionResultSchema>;

export const humanizedDetectionInputSchema = aiDetectionInputSchema;
export type HumanizedDetectionInput = z.infer<typeof humanizedDetectionInputSchema>;
export const humanizedDetectionResultSchema = humanizedDetectionReportSchema;
export type HumanizedDetectionResult = z.infer<typeof humanizedDetectionResultSchema>;

// --- Copyright Detector (plagiarism) ------------------------------------------------------------------------------

/** How many sources of each kind one run may name. */
export const PLAGIARISM_SOURCE_LIMITS = { documents: 10, urls: 5 } as const;

const hasWords = (text: string) => /[\p{L}\p{N}]/u.test(text);

export const plagiarismDocumentSourceSchema = z.object({
  /** The uploaded file's name, shown as the source's title. */
  name: z.string().trim().min(1, 'Name the source').max(255),
  text: z.string().refine(hasWords, 'This source has no words to compare'),
});
export type PlagiarismDocumentSource = z.infer<typeof plagiarismDocumentSourceSchema>;

const sourceUrlSchema = z
  .string()
  .trim()
  .max(2_048, 'Web addresses are at most 2,048 characters long')
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter a web address that starts with http:// or https://' }));

export const plagiarismSourcesSchema = z.object({
  /** Files the user uploaded (their text, as `v1/tools/plagiarism/extract` returned it). */
  documents: z
    .array(plagiarismDocumentSourceSchema)
    .max(PLAGIARISM_SOURCE_LIMITS.documents, `Add up to ${PLAGIARISM_SOURCE_LIMITS.documents} files`)
    .default([]),
  /** Web pages the server fetches (public addresses only, unless the server allows private ones). */
  urls: z
    .array(sourceUrlSchema)
    .max(PLAGIARISM_SOURCE_LIMITS.urls, `Add up to ${PLAGIARISM_SOURCE_LIMITS.urls} web addresses`)
    .default([]),
  /** The user's own earlier submissions to any text tool. */
  my_documents: z.boolean().default(false),
  /** Everyone's earlier submissions on this server; only when the server has turned it on. */
  organisation_documents: z.boolean().default(false),
});

export const plagiarismInputSchema = z.object({
  text: z
    .string()
    .refine((text) => text.trim().length > 0, 'Enter or upload some text to check')
    .refine((text) => text.trim().length === 0 || hasWords(text), 'This text has no words to compare'),
  file_name: z.string().trim().min(1).max(255).optional(),
  sources: plagiarismSourcesSchema.refine(
    (sources) =>
      sources.documents.length > 0 || sources.urls.length > 0 || sources.my_documents || sources.organisation_documents,
    'Add at least one source: a file, a web address or your earlier documents',
  ),
  /** Quoted passages are not counted as copied. */
  exclude_quotations: z.boolean().default(true),
  /** A closing list of references is not counted as copied. */
  exclude_references: z.boolean().default(true),
});
export type PlagiarismInput = z.infer<typeof plagiarismInputSchema>;
export type PlagiarismInputDraft = z.input<typeof plagiarismInputSchema>;

export const plagiarismSourceKinds = ['document', 'url', 'my_document', 'organisation_document'] as const;
export type PlagiarismSourceKind = (typeof plagiarismSourceKinds)[number];

const offset = z.number().int().nonnegative();

/** A source that was compared: every named file and URL, and the earlier documents that matched. */
export const plagiarismCheckedSourceSchema = z.object({
  source_id: z.string(),
  kind: z.enum(plagiarismSourceKinds),
  title: z.string(),
  /** The page's address after redirects, for URL sources. */
  url: z.string().nullable(),
  /** The earlier run, for the user's own documents (organisation documents never name their owner). */
  history_id: z.string().nullable(),
  /**
   * The earlier run's service and time, for the user's own documents, so two documents of the same name can be told
   * apart (absent from reports made before they were recorded).
   */
  model_name: serviceNameSchema.optional(),
  created_at: z.string().optional(),
  /** Share of the text's countable characters this source covers. */
  similarity: z.number().min(0).max(1),
  matched_characters: offset,
});
export type PlagiarismCheckedSource = z.infer<typeof plagiarismCheckedSourceSchema>;

/** A copied passage: the text's range, the source's range and the source's words there (so reopening needs no source). */
export const plagiarismPassageSchema = z.object({
  source_id: z.string(),
  start: offset,
  end: offset,
  source_start: offset,
  source_end: offset,
  source_text: z.string(),
});
export type PlagiarismPassage = z.infer<typeof plagiarismPassageSchema>;

/** A web page named for the check that could not be read, so the check went on without it. */
export const plagiarismUnreadSourceSchema = z.object({
  /** The address as the user named it (the reason names the host at fault, after any redirect). */
  url: z.string(),
  /** The server's code for what went wrong: `source_unreachable`, `source_http_error`, `source_timed_out`, … */
  code: z.string(),
  /** Why, in words a user understands: "Could not reach example.com: the connection was refused". */
  reason: z.string(),
});
export type PlagiarismUnreadSource = z.infer<typeof plagiarismUnreadSourceSchema>;

export const plagiarismResultSchema = z.object({
  similarity: z.number().min(0).max(1),
  words: offset,
  /** Sorted by similarity, highest first. */
  sources: z.array(plagiarismCheckedSourceSchema),
  /** How many earlier documents were compared, besides the files and URLs listed in `sources`. */
  compared: z.object({ my_documents: offset, organisation_documents: offset }),
  /** In text order. */
  matches: z.array(plagiarismPassageSchema),
  excluded: z.array(excludedRangeSchema),
  /** Hidden characters and look-alike letters read past before matching (absent when there were none). */
  obfuscation: obfuscationSchema.optional(),
  /**
   * The named web pages that could not be read, in the order named; the check compared the other sources and cost
   * what any check of this text costs. A run that could read none of its pages and had nothing else to compare with
   * (no file, no earlier document) fails instead and charges nothing. Absent from reports made before this was
   * recorded, which read as none.
   */
  unread_sources: z.array(plagiarismUnreadSourceSchema).default([]),
});
export type PlagiarismResult = z.infer<typeof plagiarismResultSchema>;

/** `GET v1/tools/plagiarism/sources`: what the source picker can offer this user. */
export const plagiarismSourceOptionsSchema = z.object({
  /** The user's earlier documents that can be compared. */
  my_documents: offset,
  /** Whether this server compares with everyone's earlier documents (an organisation-wide setting). */
  organisation_documents: z.boolean(),
  /** Whether this server reads web pages on private or local networks (SOURCE_FETCH_ALLOW_PRIVATE, self-hosting). */
  private_addresses: z.boolean(),
});
export type PlagiarismSourceOptions = z.infer<typeof plagiarismSourceOptionsSchema>;

// --- Document Redactor ------------------------------------------------------------------------------------------

/** Files the Document Redactor reads; images are read by OCR (English). */
export const redactorUploadFormats = [
  ...uploadFormats,
  { extension: '.png', label: 'PNG image', mimeTypes: ['image/png'] },
  { extension: '.jpg', label: 'JPEG image', mimeTypes: ['image/jpeg'] },
  { extension: '.jpeg', label: 'JPEG image', mimeTypes: ['image/jpeg'] },
] as const;

export const documentKinds = ['pdf', 'docx', 'text', 'image'] as const;
export const documentKindSchema = z.enum(documentKinds);
export type DocumentKind = z.infer<typeof documentKindSchema>;

/** How a redacted span looks in the output: a black box, its type (`[EMAIL_ADDRESS]`) or a pseudonym. */
export const documentRedactionStyles = ['box', 'label', 'pseudonym'] as const;
export const documentRedactionStyleSchema = z.enum(documentRedactionStyles);
export type DocumentRedactionStyle = z.infer<typeof documentRedactionStyleSchema>;

/** A part of a page, as fractions of its width and height from the top-left corner. */
export const pageRectSchema = z.object({
  page: z.number().int().positive(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type PageRect = z.infer<typeof pageRectSchema>;

/**
 * A line of a previewed page and the box of each word on it: enough to box any stretch of the text, not only a
 * finding. A word is a tuple, `[start, end, x, width]` ([start, end) of the text; x and width as fractions of the
 * page), because a long document has thousands.
 */
export const pageLineSchema = z.object({
  /** Top and height, as fractions of the page. */
  y: z.number(),
  height: z.number(),
  words: z.array(z.tuple([offset, offset, z.number(), z.number()])),
});
export type PageLine = z.infer<typeof pageLineSchema>;

/** A page's picture and the layout of its words, as the analysis and the previews call both give them. */
export const previewedPageSchema = z.object({
  number: z.number().int().positive(),
  /** A WebP picture of the page (`data:` URL) for PDFs and images; null for text documents and unpreviewed pages. */
  preview: z.string().nullable(),
  /** The page's lines, to box a selection on its preview; empty for a page without one. */
  lines: z.array(pageLineSchema),
});
export type PreviewedPage = z.infer<typeof previewedPageSchema>;

/** `POST v1/tools/document-redaction/analyse` (multipart, field `file`): the document's text, pages and findings. */
export const documentAnalysisSchema = z.object({
  file_name: z.string(),
  kind: documentKindSchema,
  text: z.string(),
  words: offset,
  /** Every page; the first 20 come with their preview and lines, the rest get theirs from `…/previews`. */
  pages: z.array(
    previewedPageSchema.extend({
      width: z.number(),
      height: z.number(),
      /** The page's part of `text`: [start, end). */
      start: offset,
      end: offset,
    }),
  ),
  /** Every finding at its entity's default threshold; policies pick among them by score. */
  findings: z.array(piiFindingSchema.extend({ rects: z.array(pageRectSchema) })),
});
export type DocumentAnalysis = z.infer<typeof documentAnalysisSchema>;

/** Pages one previews call renders at most: half the analysis' work, so it fits the same rate limit. */
export const PREVIEW_BATCH_PAGES = 10;

/**
 * `POST v1/tools/document-redaction/previews?first=&last=` (multipart, field `file`: the analysed document again,
 * since the server keeps nothing): pages `first` to `last` of it, at most `PREVIEW_BATCH_PAGES`.
 */
export const documentPreviewsQuerySchema = z
  .object({
    first: z.coerce.number().int().positive(),
    last: z.coerce.number().int().positive(),
  })
  .refine((range) => range.last >= range.first, { path: ['last'], message: 'The last page comes before the first' })
  .refine((range) => range.last - range.first < PREVIEW_BATCH_PAGES, {
    path: ['last'],
    message: `At most ${PREVIEW_BATCH_PAGES} pages can be previewed at a time`,
  });
export type DocumentPreviewsQuery = z.infer<typeof documentPreviewsQuerySchema>;

/** The pages of the range the document has, in order; a range that ends past the last page stops there. */
export const documentPreviewsSchema = z.object({ pages: z.array(previewedPageSchema) });
export type DocumentPreviews = z.infer<typeof documentPreviewsSchema>;

/** Manual redactions (text the user selected) have this type. */
export const MANUAL_REDACTION = 'MANUAL' as const;
export const redactionTypeSchema = z.union([z.enum(piiEntityTypes), z.literal(MANUAL_REDACTION)]);
export type RedactionType = z.infer<typeof redactionTypeSchema>;

export const documentRedactionInputSchema = z
  .object({
    file_name: z.string().trim().min(1).max(255),
    /** The document, base64. */
    file: z.string().min(1, 'Choose a document to redact'),
    /** The document's text as the analysis returned it; the redactions' offsets point into it. */
    text: z.string(),
    style: documentRedactionStyleSchema,
    /** The policy the user started from, when one; the redactions below are what counts. */
    policy: z.enum(piiPolicyIds).nullable(),
    redactions: z
      .array(z.object({ start: offset, end: offset, type: redactionTypeSchema }))
      .max(20_000, 'A document can have at most 20,000 redactions'),
  })
  .superRefine((input, context) => {
    for (const redaction of input.redactions) {
      if (redaction.end <= redaction.start || redaction.end > input.text.length) {
        context.addIssue({ code: 'custom', path: ['redactions'], message: 'A redaction lies outside the document' });
        return;
      }
    }
  });
export type DocumentRedactionInput = z.infer<typeof documentRedactionInputSchema>;

export const redactionVerificationSchema = z.object({
  passed: z.boolean(),
  checks: z.array(z.object({ name: z.string(), passed: z.boolean(), detail: z.string() })),
});
export type RedactionVerification = z.infer<typeof redactionVerificationSchema>;

/** What a Document Redactor history item holds. The original document and the redacted values are never stored. */
export const documentRedactionResultSchema = z.object({
  kind: documentKindSchema,
  style: documentRedactionStyleSchema,
  policy: z.enum(piiPolicyIds).nullable(),
  /** The redacted file, downloaded from `v1/tools/document-redaction/{history_id}/file`. */
  file: z.object({ name: z.string(), media_type: z.string(), bytes: offset }),
  words: offset,
  pages: offset,
  /** Where each redaction was, in the original text, and what replaced it. */
  redactions: z.array(
    z.object({
      start: offset,
      end: offset,
      type: redactionTypeSchema,
      page: z.number().int().positive().nullable(),
      replacement: z.string(),
    }),
  ),
  /** The document's text after redaction. */
  redacted_text: z.string(),
  verification: redactionVerificationSchema,
});
export type DocumentRedactionResult = z.infer<typeof documentRedactionResultSchema>;

export * from './site-scan.js';
export * from './voice.js';
