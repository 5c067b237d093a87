import type { DocumentKind, DocumentRedactionStyle } from '@candor/contracts/tools';

export const kindLabels: Record<DocumentKind, string> = {
  pdf: 'PDF',
  docx: 'Word document',
  text: 'Text file',
  image: 'Image',
};

/**
 * What the redacted file leaves out besides the redactions, said before the run so nothing goes missing unannounced:
 * a text file has nothing else to lose.
 */
export const alsoLeftOut: Record<DocumentKind, string | null> = {
  pdf: 'The redacted PDF is flattened: each page becomes a picture, with a searchable layer of the text that stays. Its metadata, annotations, form fields, attachments and scripts are left out.',
  docx: 'Comments, hidden text and deleted tracked changes are left out of the redacted file (they aren’t in the text shown here), and so are the properties that name the author, title or subject. Tracked insertions become plain text.',
  text: null,
  image: 'The image is saved again without its metadata (camera, place, software and the like).',
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
