import { textTitle } from '../../text-title.js';

const TITLE_LENGTH = 80;

/** A run's title in history: the uploaded file's name, or the text's first words. */
export function runTitle(input: { text: string; file_name?: string | undefined }): string {
  return input.file_name ?? textTitle(input.text, TITLE_LENGTH);
}
