import type { DocumentKind, DocumentRedactionStyle } from '@candor/contracts/tools';

export const kindLabels: Record<DocumentKind, string> = {
  pdf: 'PDF',
  docx: 'Word document',
  text: 'Text file',
  image: 'Image',
};

export interface StyleOption {
  value: DocumentRedactionStyle;
  label: string;
  description: string;
}

export const styleOptions: readonly StyleOption[] = [
  { value: 'box', label: 'Black box', description: 'The text is removed and covered; nothing says what it was.' },
  { value: 'label', label: 'Type label', description: 'Each redaction says what kind of data it hid.' },
  {
    value: 'pseudonym',
    label: 'Pseudonym',
    description: 'Numbered stand-ins: the same value gets the same stand-in throughout.',
  },
];

export const styleLabel = (style: DocumentRedactionStyle) =>
  styleOptions.find((option) => option.value === style)?.label ?? style;

/** "PDF", "DOCX", "PNG": what the download button calls the redacted file, from its name or its media type. */
export function fileTypeLabel(fileName: string, mediaType: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot > 0 && dot < fileName.length - 1) return fileName.slice(dot + 1).toUpperCase();
  const subtype = mediaType.split('/')[1] ?? '';
  if (subtype.includes('wordprocessingml')) return 'DOCX';
  if (subtype === 'plain') return 'TXT';
  return subtype.toUpperCase() || 'file';
}

export const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** A found value as a list shows it: on one line, cut in the middle of a very long one. */
export function excerpt(text: string, max = 48): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const half = Math.floor((max - 1) / 2);
  return `${flat.slice(0, half)}…${flat.slice(-half)}`;
}
