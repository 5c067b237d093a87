/** The shapes every entry point shares: plain, structured-cloneable data, because the engine runs in a worker thread. */

/** `text` is .txt/.md (UTF-8, or UTF-16 with a byte-order mark); `image` is PNG or JPEG. */
export type DocumentKind = 'pdf' | 'docx' | 'text' | 'image';

export interface DocumentLimits {
  maxBytes: number;
  maxPages: number;
  maxCharacters: number;
}

/**
 * One page of the document's text: `[start, end)` of `DocumentText.text`. Width and height are in points (PDF) or
 * pixels (image); a .docx or text file is one page whose size is the page size it declares (or US Letter).
 */
export interface PageText {
  number: number;
  width: number;
  height: number;
  start: number;
  end: number;
}

export interface DocumentText {
  kind: DocumentKind;
  text: string;
  pages: PageText[];
}

/** A box on a page in fractions 0..1 of its width and height, origin top-left. */
export interface Rect {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TextRange {
  start: number;
  end: number;
}

/** `replacement` is '' for a black box, or what stands in for the text: '[EMAIL_ADDRESS]', '[PERSON_NAME_1]'. */
export interface RedactionRange extends TextRange {
  replacement: string;
}

export type RedactionStyle = 'box' | 'label' | 'pseudonym';

export interface RedactionOptions {
  style: RedactionStyle;
}

export interface VerificationCheck {
  name: string;
  passed: boolean;
  detail: string;
}

export interface Verification {
  passed: boolean;
  checks: VerificationCheck[];
}

export interface RedactedDocument {
  bytes: Uint8Array;
  mediaType: string;
  extension: string;
  verification: Verification;
}

export interface PagePreview {
  page: number;
  /** The page as a WebP image (`PREVIEW_MEDIA_TYPE`). */
  image: Uint8Array;
  width: number;
  height: number;
}

export interface PreviewOptions {
  maxWidth: number;
  /** The first page to render (1 when not given): a long document's later pages are previewed in batches. */
  firstPage?: number;
  /** How many pages to render from `firstPage` on. */
  maxPages: number;
}
