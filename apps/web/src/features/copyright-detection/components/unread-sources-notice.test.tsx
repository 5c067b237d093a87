import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAYWALLED_URL, partlyReadReport, UNREAD_URL } from '../lib/test-fixtures';
import { UnreadSourcesNotice } from './unread-sources-notice';

describe('UnreadSourcesNotice', () => {
  it('names each web page that could not be read with why, and says the similarity leaves them out', () => {
    render(<UnreadSourcesNotice unread={partlyReadReport.unread_sources} />);
    const notice = screen.getByRole('status', { name: '2 web pages could not be read' });
    expect(within(notice).getByText(/the similarity leaves these pages out/)).toBeTruthy();
    const pages = within(notice).getAllByRole('listitem');
    expect(pages.map((page) => page.textContent)).toEqual([
      `${UNREAD_URL} Could not reach example.org: the connection was refused`,
      `${PAYWALLED_URL} paywalled.example answered 403 (access refused)`,
    ]);
    const link = within(notice).getByRole('link', { name: PAYWALLED_URL });
    expect(link.getAttribute('href')).toBe(PAYWALLED_URL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('says nothing when every page was read', () => {
    const { container } = render(<UnreadSourcesNotice unread={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
