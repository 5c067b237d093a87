import {
  type DocumentAnalysis,
  type DocumentRedactionInput,
  MANUAL_REDACTION,
  type RedactionType,
} from '@candor/contracts/tools';
import type { RedactionDraft } from './draft';
import { mergeRanges, type TextRange } from './ranges';

export interface PlannedRedaction extends TextRange {
  type: RedactionType;
}

/** The draft's redactions in text order: the selected findings and the user's own selections. */
export function draftRedactions(findings: DocumentAnalysis['findings'], draft: RedactionDraft): PlannedRedaction[] {
  const chosen: PlannedRedaction[] = [];
  for (const index of draft.selected) {
    const finding = findings[index];
    if (finding) chosen.push({ start: finding.start, end: finding.end, type: finding.type });
  }
  for (const range of draft.manual) chosen.push({ start: range.start, end: range.end, type: MANUAL_REDACTION });
  return chosen.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** How many separate redactions the file will have: overlapping ones become one, as the server merges them. */
export const redactionCount = (redactions: readonly PlannedRedaction[]) => mergeRanges(redactions).length;

/** The run's request body (`DocumentRedactionInput`): the original file, its analysed text and what to redact. */
export function redactionInput(
  analysis: DocumentAnalysis,
  fileBase64: string,
  draft: RedactionDraft,
): DocumentRedactionInput {
  return {
    file_name: analysis.file_name,
    file: fileBase64,
    text: analysis.text,
    style: draft.style,
    policy: draft.policy,
    redactions: draftRedactions(analysis.findings, draft).map(({ start, end, type }) => ({ start, end, type })),
  };
}

/** Bytes as base64, a slice at a time: one `String.fromCharCode` over a whole document would overflow the stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  const CHUNK = 0x8000;
  let binary = '';
  for (let at = 0; at < bytes.length; at += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
  }
  return btoa(binary);
}

/** Reads a file; Blob.arrayBuffer where the browser has it, FileReader otherwise. */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

export const fileToBase64 = async (file: Blob) => bytesToBase64(new Uint8Array(await readBytes(file)));
