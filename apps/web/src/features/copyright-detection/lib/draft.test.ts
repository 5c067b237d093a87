import { describe, expect, it } from 'vitest';
import { copyrightBlocker, emptyCopyrightDraft, plagiarismBody, restoreCopyrightDraft } from './draft';

const withSource = { ...emptyCopyrightDraft, text: 'A short essay about reefs.', urls: ['https://example.org/reefs'] };

describe('the Copyright Detector draft', () => {
  it('builds the request body in the contract’s names', () => {
    expect(
      plagiarismBody({
        ...withSource,
        fileName: 'essay.docx',
        documents: [{ name: 'notes.txt', text: 'Reef notes' }],
        myDocuments: true,
        excludeReferences: false,
      }),
    ).toEqual({
      text: 'A short essay about reefs.',
      file_name: 'essay.docx',
      sources: {
        documents: [{ name: 'notes.txt', text: 'Reef notes' }],
        urls: ['https://example.org/reefs'],
        my_documents: true,
        organisation_documents: false,
      },
      exclude_quotations: true,
      exclude_references: false,
    });
    expect(plagiarismBody(withSource)).not.toHaveProperty('file_name');
  });

  it('reads a stored draft back, filling in whatever is missing or malformed', () => {
    expect(restoreCopyrightDraft({ text: 'Hello' })).toEqual({ ...emptyCopyrightDraft, text: 'Hello' });
    const stored = { ...withSource, fileName: 'essay.docx', urls: 'not a list', excludeQuotations: false };
    expect(restoreCopyrightDraft(stored as never)).toEqual({
      ...withSource,
      fileName: 'essay.docx',
      urls: [],
      excludeQuotations: false,
    });
  });

  it('says why the check cannot start: first the text, then the sources, then the size', () => {
    expect(copyrightBlocker(emptyCopyrightDraft)).toBe('Enter or upload some text to check');
    expect(copyrightBlocker({ ...withSource, urls: [] })).toBe(
      'Add at least one source: a file, a web address or your earlier documents',
    );
    expect(copyrightBlocker({ ...withSource, urls: [], myDocuments: true })).toBeNull();
    expect(copyrightBlocker(withSource)).toBeNull();
    const bigFile = { name: 'book.txt', text: 'word '.repeat(120_000) };
    expect(copyrightBlocker({ ...withSource, documents: [bigFile] })).toMatch(
      /^The text and the source files are 26 characters over the limit of 600,000\./,
    );
  });
});
