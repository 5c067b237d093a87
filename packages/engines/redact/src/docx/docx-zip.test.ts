import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { declareSize, inflatingDocx } from '../fixtures/sample-documents.js';
import { DOCX_XML_BOUNDS, docxUnpackLimit, inspectDocx, inspectZip, xmlOverBounds } from './docx-zip.js';

describe('zip inspection', () => {
  it('lists the entries of a sound zip', async () => {
    const zip = new JSZip();
    zip.file('a.xml', '<a/>');
    zip.file('b/c.xml', '<c/>', { createFolders: false });
    const inspection = inspectZip(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }), 1024);
    expect(inspection).toEqual({ ok: true, entries: ['a.xml', 'b/c.xml'] });
  });

  it('refuses what unpacks past the limit, declared or not', async () => {
    const bomb = await inflatingDocx(2 * 1024 * 1024);
    expect(inspectDocx(bomb, 1024 * 1024)).toMatchObject({ ok: false, reason: 'too_large' });
    const liar = declareSize(bomb, 'word/document.xml', 100);
    expect(inspectDocx(liar, 1024 * 1024)).toMatchObject({ ok: false, reason: 'too_large' });
    expect(inspectDocx(bomb, 4 * 1024 * 1024)).toEqual({ ok: true });
  });

  it('tells a damaged zip and a zip without a document apart', async () => {
    const zip = new JSZip();
    zip.file('hello.txt', 'hello');
    const bytes = await zip.generateAsync({ type: 'uint8array' });
    expect(inspectDocx(bytes, 1024)).toEqual({ ok: false, reason: 'not_docx' });
    expect(inspectDocx(bytes.subarray(0, bytes.length - 30), 1024)).toEqual({ ok: false, reason: 'corrupt' });
    expect(inspectDocx(new Uint8Array([1, 2, 3, 4]), 1024)).toEqual({ ok: false, reason: 'not_zip' });
  });

  it('allows twenty times the upload limit, at most 200 MB', () => {
    expect(docxUnpackLimit(1024 * 1024)).toBe(20 * 1024 * 1024);
    expect(docxUnpackLimit(50 * 1024 * 1024)).toBe(200 * 1024 * 1024);
  });

  it('refuses XML parts nested past 256 deep or holding more than 400,000 elements in all, before anything parses them', async () => {
    const docx = async (body: string, extra = '') => {
      const zip = new JSZip();
      zip.file('word/document.xml', `<w:document xmlns:w="urn:w"><w:body>${body}</w:body></w:document>`);
      if (extra) zip.file('word/footer1.xml', extra);
      return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    };
    const nested = await docx(`${'<w:sdt>'.repeat(100_000)}${'</w:sdt>'.repeat(100_000)}`);
    expect(inspectDocx(nested, 10 * 1024 * 1024)).toEqual({
      ok: false,
      reason: 'too_complex',
      detail: 'XML nested more than 256 deep',
    });
    // Deep but within the bound, with self-closing elements, comments and CDATA that open nothing.
    const fine = `${'<w:sdt><w:br/><!-- <w:x> --><![CDATA[<w:y>]]>'.repeat(250)}${'</w:sdt>'.repeat(250)}`;
    expect(inspectDocx(await docx(fine), 10 * 1024 * 1024)).toEqual({ ok: true });
    // Elements are counted over every part together.
    const half = '<w:p/>'.repeat(DOCX_XML_BOUNDS.maxElements / 2);
    expect(inspectDocx(await docx(half, `<w:ftr>${half}</w:ftr>`), 50 * 1024 * 1024)).toMatchObject({
      reason: 'too_complex',
      detail: 'more than 400,000 XML elements',
    });
    expect(xmlOverBounds(new TextEncoder().encode('<a><b x="1"/><c>text</c></a>'), { elements: 0 })).toBeNull();
  });
});
