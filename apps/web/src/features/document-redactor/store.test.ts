import { beforeEach, describe, expect, it } from 'vitest';
import type { RedactionDraft } from './lib/draft';
import { letterAnalysis } from './lib/test-fixtures';
import { type RedactorDocument, redactorStore } from './store';

const documentNamed = (name: string): RedactorDocument => ({
  file: new File(['%PDF-1.7'], name, { type: 'application/pdf' }),
  analysis: letterAnalysis,
});

beforeEach(() => redactorStore.clear());

describe('redactorStore.close', () => {
  it('forgets the document, and its Undo brings back the document, its choices and its result', () => {
    const letter = documentNamed('letter.pdf');
    redactorStore.setDocument(letter);
    const draft: RedactionDraft = { policy: 'GDPR', style: 'box', selected: new Set([0]), manual: [] };
    redactorStore.setDraft(draft);
    redactorStore.setResult('run-1');

    const undo = redactorStore.close();
    expect(redactorStore.document()).toBeNull();
    expect(redactorStore.draft()).toBeNull();
    expect(redactorStore.result()).toBeNull();

    expect(undo()).toBe(true);
    expect(redactorStore.document()).toBe(letter);
    expect(redactorStore.draft()).toBe(draft);
    expect(redactorStore.originalOf('run-1')).toBe(letter);
  });

  it('does not undo over a document chosen since', () => {
    redactorStore.setDocument(documentNamed('letter.pdf'));
    const undo = redactorStore.close();
    const invoice = documentNamed('invoice.pdf');
    redactorStore.setDocument(invoice);

    expect(undo()).toBe(false);
    expect(redactorStore.document()).toBe(invoice);
  });

  it('has nothing to undo when no document was open', () => {
    expect(redactorStore.close()()).toBe(false);
    expect(redactorStore.document()).toBeNull();
  });
});
