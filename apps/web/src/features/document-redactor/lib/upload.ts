import { redactorUploadFormats, TOOL_LIMITS } from '@candor/contracts/tools';

export const REDACTOR_LIMITS = TOOL_LIMITS['document-redaction'];

/** The file picker's `accept`: every extension and MIME type the redactor reads. */
export const redactorAccept = [
  ...new Set(redactorUploadFormats.flatMap((format) => [format.extension, ...format.mimeTypes])),
].join(',');

const extensions = redactorUploadFormats.map((format) => format.extension as string);

/** "PDF, Word (.docx), text (.txt, .md) and images (.png, .jpg)": the formats, once each, for the hint. */
export const redactorFormatList = [...new Set(redactorUploadFormats.map((format) => format.label))]
  .map((label) => {
    const own = redactorUploadFormats.filter((format) => format.label === label).map((format) => format.extension);
    return `${label} (${own.join(', ')})`;
  })
  .join(', ');

export const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Checks the browser can make before uploading (the server checks again, and reads the file). */
export function redactorFileProblem(file: File, maxFileBytes = REDACTOR_LIMITS.maxFileBytes): string | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot === -1 ? '' : file.name.slice(dot).toLowerCase();
  if (!extensions.includes(extension)) {
    return `${file.name} is not a file the redactor can read. Choose a ${extensions.slice(0, -1).join(', ')} or ${extensions.at(-1)} file.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > maxFileBytes) {
    return `${file.name} is larger than ${megabytes(maxFileBytes)} MB, the most the redactor reads. Split it or choose a smaller file.`;
  }
  return null;
}
