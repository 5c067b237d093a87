import { describe, expect, it } from 'vitest';
import { redactorAccept, redactorFileProblem, redactorFormatList } from './upload';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('redactor uploads', () => {
  it('accepts documents and images, each extension once', () => {
    for (const extension of ['.pdf', '.docx', '.txt', '.md', '.png', '.jpg', '.jpeg', 'image/png', 'application/pdf']) {
      expect(redactorAccept.split(',')).toContain(extension);
    }
    expect(redactorFormatList).toContain('JPEG image (.jpg, .jpeg)');
  });

  it('refuses what the server would refuse, before uploading it', () => {
    expect(redactorFileProblem(file('scan.JPG'))).toBeNull();
    expect(redactorFileProblem(file('notes.rtf'))).toMatch(/^notes\.rtf is not a file the redactor can read/);
    expect(redactorFileProblem(file('README'))).toMatch(/is not a file the redactor can read/);
    expect(redactorFileProblem(file('empty.pdf', 0))).toBe('empty.pdf is empty.');
    expect(redactorFileProblem(file('big.pdf', 3 * 1024 * 1024 + 1), 3 * 1024 * 1024)).toMatch(
      /^big\.pdf is larger than 3 MB/,
    );
  });
});
