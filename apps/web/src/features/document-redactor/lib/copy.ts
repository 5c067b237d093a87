import type { ToolRunCopy } from '@/features/tool-runs/lib/copy';

/** The words the shared run stages use for a redaction. */
export const redactionCopy: ToolRunCopy = {
  textLabel: 'Document',
  submitLabel: 'Redact document',
  noun: 'redaction',
  verb: 'redact',
  progressing: 'Redacting',
};
