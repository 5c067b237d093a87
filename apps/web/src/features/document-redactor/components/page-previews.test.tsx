import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PagePreviews } from './page-previews';

/** A 37-page PDF: the analysis previews the first 20 pages. */
const pages = Array.from({ length: 37 }, (_, index) => ({
  number: index + 1,
  width: 612,
  height: 792,
  start: index * 100,
  end: index * 100 + 98,
  preview: index < 20 ? 'data:image/webp;base64,AAAA' : null,
  lines: [],
}));

describe('PagePreviews', () => {
  it('says plainly how many pages the previews cover when the document has more', () => {
    render(
      <PagePreviews pages={pages} boxes={[]} fileName="minutes.pdf" textElsewhere="Its text is in the Text view." />,
    );
    expect(screen.getByText('Previews show the first 20 of 37 pages.')).toBeTruthy();
    expect(screen.getAllByRole('img')).toHaveLength(20);
    // Each page past them says so again, and where its text is instead.
    expect(
      screen.getAllByText(
        'No picture of this page: previews cover the first pages only. Its text is in the Text view.',
      ),
    ).toHaveLength(17);
  });

  it('says nothing of it when every page has a preview', () => {
    render(<PagePreviews pages={pages.slice(0, 20)} boxes={[]} fileName="minutes.pdf" textElsewhere="" />);
    expect(screen.queryByText(/^Previews show/)).toBeNull();
  });
});
