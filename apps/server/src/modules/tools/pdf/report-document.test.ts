import { describe, expect, it } from 'vitest';
import { readBack } from './read-back.js';
import { printable, renderReportPdf } from './report-document.js';

const createdAt = new Date('2026-11-21T15:09:00Z');

const SCRIPTS = 'Привет, мир — Ελληνικά — łódź — ğüş — naïve';

describe('printable', () => {
  it('keeps every letter the embedded fonts have, in any script', () => {
    expect(printable(SCRIPTS)).toBe(SCRIPTS);
    expect(printable('Příliš žluťoučký kůň, Tiếng Việt, İstanbul, Ծիրան, ქართული, ﬁnal ő € ™')).toBe(
      'Příliš žluťoučký kůň, Tiếng Việt, İstanbul, Ծիրան, ქართული, ﬁnal ő € ™',
    );
    // Cyrillic look-alikes in a disguised Latin word stay what they are.
    expect(printable('p\u0430yp\u0430l')).toBe('p\u0430yp\u0430l');
  });

  it('prints "?" for what the fonts lack, after trying compatibility forms and accent folding', () => {
    expect(printable('Party 🎉 at 漢字 ไทย')).toBe('Party ? at ?? ???');
    // Right-to-left scripts too: pdfkit would print their letters backwards.
    expect(printable('שלום سلام')).toBe('???? ????');
    expect(printable('ＡＢＣ １２３')).toBe('ABC 123');
    // U+1D5A0 (mathematical sans-serif A) is in the regular font only: folded, so bold text can print it too.
    expect(printable('𝖠')).toBe('A');
  });

  it('drops invisible format characters, reads line breaks as spaces and keeps "?" for control characters', () => {
    expect(printable('zero\u200Bwidth, jo\u200Dined, \uFEFFbom, \u202Eflip\u202C, soft\u00ADhyphen, ❤\uFE0F')).toBe(
      'zerowidth, joined, bom, flip, softhyphen, ❤',
    );
    expect(printable('one\ntwo\tthree\r\nfour\u2028five')).toBe('one two three  four five');
    expect(printable('bell\u0007')).toBe('bell?');
  });

  it('composes a letter typed as a base and a combining accent', () => {
    expect(printable('cafe\u0301 Ło\u0301dz\u0301')).toBe('café Łódź');
  });
});

describe('renderReportPdf', () => {
  it('embeds DejaVu Sans, so letters of any script the font has read back intact', async () => {
    const pdf = await renderReportPdf({ tool: 'Test Tool', title: `Report ${SCRIPTS}`, createdAt }, (report) => {
      report.header('Test report', `Report ${SCRIPTS}`, ['facts']);
      report.paragraph(`Body: ${SCRIPTS}`);
      report.table([200, 200], ['Word', 'Note'], [['Ελληνικά', 'Привет']]);
      report.entry([
        { text: 'Entry łódź', style: 'bold' },
        { text: 'ğüş muted', style: 'muted' },
      ]);
      report.marked({ lines: ['Мир', 'note'], shade: 0.5 }, [{ text: 'Marked ' }, { text: 'naïve', underline: true }]);
      report.paragraph('Emoji 🎉 and 漢字, zero\u200Bwidth.');
    });
    const { text, info } = await readBack(pdf);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Report ${SCRIPTS}`);
    expect(flat).toContain(`Body: ${SCRIPTS}`);
    for (const piece of ['Ελληνικά', 'Привет', 'Entry łódź', 'ğüş muted', 'Мир', 'Marked naïve']) {
      expect(flat).toContain(piece);
    }
    expect(flat).toContain('Emoji ? and ??, zerowidth.');
    expect(text).toContain('Candor · Test Tool · page 1 of 1');
    expect(info.Title).toBe(`Report ${SCRIPTS}`);

    // Only the subset of DejaVu Sans is in the file; no standard font is referenced.
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    expect(raw).not.toContain('Helvetica');
  });
});
