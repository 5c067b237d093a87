import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { sourceEntries } from '../lib/report';
import { EARLIER_RUN_AT, earlierNotesReport, reefReport } from '../lib/test-fixtures';
import { SourceList } from './source-list';

describe('SourceList', () => {
  it('names the tool and time of an earlier document of yours, on screen and to a screen reader', async () => {
    const onSelect = vi.fn();
    render(<SourceList entries={sourceEntries(earlierNotesReport)} selected={null} onSelect={onSelect} />);
    const run = `AI Detection · ${formatDateTime(EARLIER_RUN_AT)}`;
    const source = screen.getByRole('button', {
      name: `Source 1 reef-notes.docx 26% of the text Your earlier document · 1 passage from ${run}`,
    });
    expect(within(source).getByText('Your earlier document · 1 passage')).toBeTruthy();
    expect(within(source).getByText(run, { exact: false })).toBeTruthy();
    await userEvent.click(source);
    expect(onSelect).toHaveBeenCalledWith(earlierNotesReport.sources[0]?.source_id);
  });

  it('adds no run line to files and web pages', () => {
    render(<SourceList entries={sourceEntries(reefReport)} selected={null} onSelect={() => {}} />);
    expect(
      screen.getByRole('button', { name: 'Source 2 reef-notes.docx 26% of the text File · 1 passage' }),
    ).toBeTruthy();
    expect(screen.queryByText(/AI Detection/)).toBeNull();
  });
});
