import { describe, expect, it } from 'vitest';
import { fileSlug } from './file-names.js';

describe('fileSlug', () => {
  it('makes a title safe for any file system, without its extension', () => {
    expect(fileSlug('reef-essay.docx', 'x')).toBe('reef-essay');
    expect(fileSlug('Scan 04.JPEG', 'x')).toBe('scan-04');
    expect(fileSlug('Notes: draft 2/3', 'x')).toBe('notes-draft-2-3');
    expect(fileSlug('Café “Über” notes…', 'x')).toBe('café-über-notes');
    expect(fileSlug('***', 'copyright-check')).toBe('copyright-check');
  });
});
