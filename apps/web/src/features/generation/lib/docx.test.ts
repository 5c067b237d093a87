import { describe, expect, it } from 'vitest';
import { crc32, docxBytes } from './docx';
import { fileNameOf } from './downloads';
import { parseGlossary } from './glossary';

describe('the article as a Word document', () => {
  it('is a zip whose parts Word needs are there, each with its CRC-32', () => {
    const bytes = docxBytes([
      { kind: 'title', text: 'Cheap solar & "storage"' },
      { kind: 'heading', text: 'Prices' },
      { kind: 'paragraph', text: 'They fell <fast>.\u0007' },
    ]);
    const text = new TextDecoder().decode(bytes);
    for (const part of ['[Content_Types].xml', '_rels/.rels', 'word/document.xml', 'word/styles.xml']) {
      expect(text).toContain(part);
    }
    expect(text).toContain('Cheap solar &amp; &quot;storage&quot;');
    expect(text).toContain('They fell &lt;fast&gt;.<');
    // The end of central directory record says five entries.
    const view = new DataView(bytes.buffer);
    const end = bytes.length - 22;
    expect(view.getUint32(end, true)).toBe(0x06054b50);
    expect(view.getUint16(end + 10, true)).toBe(5);
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('names files after the title, and reads protected terms one a line or comma-separated', () => {
    expect(fileNameOf('Why Solar Power Got Cheap!', 'md')).toBe('why-solar-power-got-cheap.md');
    expect(fileNameOf('???', 'docx')).toBe('article.docx');
    expect(parseGlossary('Candor Writer, quiet hours\nquiet hours;  ')).toEqual(['Candor Writer', 'quiet hours']);
  });
});
