/**
 * In-memory state of the document-redactor flow (spec §2 guards): the file chosen on /document-redactor and the
 * redaction result shown on /document-redactor/result. Empty until the redactor screens ship.
 */
let selectedFile: File | null = null;
let redactionResult: unknown = null;

export const redactorStore = {
  selectedFile: () => selectedFile,
  setSelectedFile: (file: File | null) => {
    selectedFile = file;
    redactionResult = null;
  },
  result: () => redactionResult,
  setResult: (result: unknown) => {
    redactionResult = result;
  },
  clear: () => {
    selectedFile = null;
    redactionResult = null;
  },
};
