import { compile } from 'html-to-text';

// A fetched page's title and text. Pure and CPU-bound: on the server `readHtmlPage` runs in a worker thread (the
// `sources` engine), since a page can be built to be slow to read.

export interface PageText {
  title: string | null;
  text: string;
}

const skip = (selector: string) => ({ selector, format: 'skip' });
const block = (selector: string) => ({ selector, format: 'block' });

/** Page chrome and non-text elements are dropped; what is left reads as paragraphs separated by blank lines. */
const htmlToText = compile({
  wordwrap: false,
  selectors: [
    ...['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object', 'canvas', 'img', 'picture', 'video'].map(
      skip,
    ),
    ...['nav', 'header', 'footer', 'form', 'button', 'select'].map(skip),
    { selector: 'a', options: { ignoreHref: true } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    // Tables as one cell per line: the ASCII layout would wrap and split the sentences a source is matched on.
    ...['table', 'tr', 'td', 'th', 'caption'].map(block),
  ],
});

const titleHtmlToText = compile({ wordwrap: false });

/** A page's <title> sits in its head: only this much of the page is searched for it. */
const TITLE_SEARCH_CHARACTERS = 64 * 1024;

/**
 * The inner HTML of the page's first <title> element, or undefined. Found with plain searches in the page's head,
 * not a regular expression over the whole page: one over many unclosed "<title" tags takes quadratic time.
 */
function titleHtmlOf(html: string): string | undefined {
  const head = html.slice(0, TITLE_SEARCH_CHARACTERS);
  // ASCII letters only: toLowerCase can change a string's length ("İ" becomes two units), and the offsets found in
  // `lower` are used on `head`.
  const lower = head.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  let open = lower.indexOf('<title');
  // "<titles>" is not a title: the tag name must end there.
  while (open !== -1 && !/[\s/>]/.test(lower.charAt(open + '<title'.length))) open = lower.indexOf('<title', open + 1);
  if (open === -1) return undefined;
  const contentStart = lower.indexOf('>', open);
  if (contentStart === -1) return undefined;
  const close = lower.indexOf('</title', contentStart);
  return close === -1 ? undefined : head.slice(contentStart + 1, close);
}

export function readHtmlPage(html: string): PageText {
  const titleHtml = titleHtmlOf(html);
  const title = titleHtml === undefined ? '' : titleHtmlToText(titleHtml).replace(/\s+/g, ' ').trim();
  return { title: title || null, text: tidy(htmlToText(html)) };
}

/** Unix line ends, no trailing blanks, at most one blank line between paragraphs. */
export function tidy(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      .split('\n')
      // Line by line: /[ \t]+$/gm takes quadratic time over a long run of spaces that does not end a line.
      .map((line) => line.trimEnd())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
