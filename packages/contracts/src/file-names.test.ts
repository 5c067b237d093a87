import { describe, expect, it } from 'vitest';
import { fileSlug, reportPdfFileName } from './file-names.js';

describe('fileSlug', () => {
  it('makes a title safe for any file system, without its extension', () => {
    expect(fileSlug('reef-essay.docx', 'x')).toBe('reef-essay');
    expect(fileSlug('Scan 04.JPEG', 'x')).toBe('scan-04');
    expect(fileSlug('Notes: draft 2/3', 'x')).toBe('notes-draft-2-3');
    expect(fileSlug('***', 'copyright-check')).toBe('copyright-check');
  });

  it('keeps the letters of any script, with their marks', () => {
    expect(fileSlug('Café “Über” notes…', 'x')).toBe('café-über-notes');
    expect(fileSlug('Cafe\u0301.txt', 'x')).toBe('café');
    expect(fileSlug('नमस्ते दुनिया.txt', 'x')).toBe('नमस्ते-दुनिया');
    expect(fileSlug('مَرْحَبًا بالعالم', 'x')).toBe('مَرْحَبًا-بالعالم');
  });

  it('cuts a long title after 60 characters, never inside one, and not before a hyphen', () => {
    const astral = fileSlug(`a${'𝐀'.repeat(80)}`, 'x');
    expect(Array.from(astral)).toHaveLength(60);
    expect(() => encodeURIComponent(astral)).not.toThrow();
    expect(fileSlug(`${'x'.repeat(59)} yz`, 'x')).toBe('x'.repeat(59));
  });
});

describe('reportPdfFileName', () => {
  it('names a PDF report after its run, then its tool', () => {
    expect(reportPdfFileName('launch-plan.docx', 'writing-analysis')).toBe('launch-plan-writing-analysis.pdf');
    expect(reportPdfFileName('***', 'ai-detection')).toBe('ai-detection.pdf');
  });
});
