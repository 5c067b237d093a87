/**
 * @candor/engine-redact — document redaction for PDF, .docx, text and PNG/JPEG files. Pure: bytes in, bytes out, no
 * disk, network or temporary files (it reads only its own assets: pdf.js fonts and the OCR model in node_modules).
 * It does not find personal data: the caller runs the PII engine on `readDocument().text` and passes the ranges.
 *
 * `redactDocument` returns `extension` without a dot ('pdf', 'docx', 'txt', 'png', 'jpg'); a text upload comes back
 * as UTF-8 and keeps its own extension at the caller's choice (.md stays Markdown).
 */

export {
  finalRanges,
  locateRanges,
  type RedactDocumentOptions,
  readDocument,
  redactDocument,
  renderPagePreviews,
  verifyRedaction,
} from './document.js';
export { DocumentError } from './document-error.js';
export { documentKindFor, SUPPORTED_EXTENSIONS } from './document-kind.js';
export { type DocxInspection, docxUnpackLimit, inspectDocx, isZip } from './docx/docx-zip.js';
export { openPdf, type PdfOpening } from './pdf/pdf-open.js';
export { PREVIEW_MEDIA_TYPE } from './preview.js';
export type * from './types.js';
