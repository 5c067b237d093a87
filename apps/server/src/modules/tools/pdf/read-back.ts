import { openPdf } from '@candor/engine-redact/pdf-open';

/** A rendered report's text, page by page, and its metadata: what the reports' tests assert on. */
export async function readBack(pdf: Buffer): Promise<{ pages: string[]; text: string; info: Record<string, unknown> }> {
  const opening = await openPdf(new Uint8Array(pdf));
  if (!opening.ok) throw new Error(`The report PDF could not be opened: ${opening.reason}`);
  try {
    const pages: string[] = [];
    for (let number = 1; number <= opening.document.numPages; number++) {
      const content = await (await opening.document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : '')).join(''));
    }
    const { info } = await opening.document.getMetadata();
    return { pages, text: pages.join('\n'), info: info as Record<string, unknown> };
  } finally {
    await opening.close();
  }
}
