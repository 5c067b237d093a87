import {
  type DocumentRedactionInput,
  documentRedactionInputSchema,
  documentRedactionResultSchema,
  TOOL_LIMITS,
} from '@candor/contracts/tools';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { z } from 'zod';
import { builtInEngine } from '../engines/engine-pool.js';
import { defineTool } from '../tool-definition.js';
import type { DocumentRedactionOutput } from './engine.js';

const outputSchema = documentRedactionResultSchema.extend({ content: z.instanceof(Uint8Array) });
const LIMITS = TOOL_LIMITS['document-redaction'];

/**
 * The Document Redactor (PII_TEXT_DETECT). The screen analyses the file first (`…/analyse`, free), the user picks
 * what goes, and this run writes the redacted file. Neither the original nor the redacted values are stored: the
 * history item keeps where redactions were, the verification, and the redacted file.
 */
export const documentRedactionTool = defineTool<DocumentRedactionInput, DocumentRedactionOutput>({
  id: 'document-redaction',
  modelName: 'PII_TEXT_DETECT',
  product: 'document-redactor',
  input: documentRedactionInputSchema,
  output: outputSchema as z.ZodType<DocumentRedactionOutput>,
  // The redacted file's bytes are stored apart (History's file), so the result is the rest.
  result: documentRedactionResultSchema,
  limits: LIMITS,
  // The file (base64, 4/3 of its size) and its text (JSON-escaped, up to 6 bytes a character), and a megabyte more.
  maxBodyBytes: Math.ceil(LIMITS.maxFileBytes / 3) * 4 + LIMITS.maxCharacters * 6 + 1024 * 1024,
  characters: (input) => input.text.length,
  // The engine checks that the file's text is this text, so the charge matches the document.
  units: (input) => tokenizeWords(input.text).length,
  engine: builtInEngine('document-redaction'),
  toHistory: (input, output) => {
    const { content, ...result } = output;
    return {
      title: input.file_name,
      input: {
        file_name: input.file_name,
        style: input.style,
        policy: input.policy,
        redactions: input.redactions.length,
      },
      result,
      files: [{ name: result.file.name, mediaType: result.file.media_type, content }],
    };
  },
});
