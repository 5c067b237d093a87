import { uploadFormats } from '@candor/contracts/tools';

/** The file picker's `accept`: every extension and MIME type the server can read. */
export const acceptedFiles = uploadFormats.flatMap((format) => [format.extension, ...format.mimeTypes]).join(',');
const extensions = uploadFormats.map((format) => format.extension);
/** ".txt, .md, .docx or .pdf". */
export const extensionList = `${extensions.slice(0, -1).join(', ')} or ${extensions.at(-1)}`;

export const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** "Plain text (.txt), Word (.docx), PDF (.pdf)": what can be uploaded, for the hint beside a picker. */
export const uploadFormatList = uploadFormats.map((format) => `${format.label} (${format.extension})`).join(', ');

/** Checks the browser can make before uploading: the server checks again and reads the file. */
export function fileProblem(file: File, maxFileBytes: number): string | null {
  const extension = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
  if (!extensions.includes(extension as (typeof extensions)[number])) {
    return `${file.name} is not a file we can read. Upload a ${extensionList} file.`;
  }
  if (file.size > maxFileBytes) {
    return `${file.name} is larger than ${megabytes(maxFileBytes)} MB. Upload a smaller file or paste the text.`;
  }
  return null;
}
