import { describe, expect, it } from 'vitest';
import { readHtmlPage, tidy } from './page-text.js';

describe('readHtmlPage', () => {
  it('reads the first title of the page, not an element whose name starts with "title"', () => {
    const page = '<html><head><titles>No</titles><title lang="en">The  Tides &amp;\n the Moon</title></head></html>';
    expect(readHtmlPage(`${page}<body><p>Text.</p></body>`)).toEqual({ title: 'The Tides & the Moon', text: 'Text.' });
  });

  it('finds the title after letters whose lower case is longer (Turkish İ)', () => {
    const page = '<html><head><meta content="İstanbul İzmir"><TITLE>Haberler</TITLE></head><body>Text.</body></html>';
    expect(readHtmlPage(page).title).toBe('Haberler');
  });

  it('has no title when the title is never closed, or comes after the page’s head', () => {
    expect(readHtmlPage(`${'<title>'.repeat(50_000)}<p>Text.</p>`).title).toBeNull();
    const late = `<body>${'<p>filler</p>'.repeat(6_000)}<title>Late</title></body>`;
    expect(readHtmlPage(late).title).toBeNull();
  });
});

describe('tidy', () => {
  it('ends lines without blanks and keeps at most one blank line between paragraphs', () => {
    expect(tidy('First line \t\r\nSecond\u00a0\r\n\r\n\r\n\r\nThird   ')).toBe('First line\nSecond\n\nThird');
  });

  it('keeps a long run of spaces inside a line', () => {
    const spaces = ' '.repeat(200_000);
    expect(tidy(`a${spaces}b`)).toBe(`a${spaces}b`);
  });
});
