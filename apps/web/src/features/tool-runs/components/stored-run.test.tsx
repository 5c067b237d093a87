import type { HistoryDetail } from '@candor/contracts';
import { useLocation } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readAiDetectionRun } from '@/features/ai-detection/api/ai-detection';
import { AI_TEXT, aiReport } from '@/features/ai-detection/lib/test-fixtures';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { storedRunDetail } from '@/test/history-detail';
import { renderWithRouter } from '@/test/render';

const HISTORY_ID = '00000000-0000-4000-8000-000000000021';

const api = vi.hoisted(() => ({ respond: null as null | (() => Response) }));

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), (request) =>
    new URL(request.url).pathname === `/api/detector/v2/ai-detector/user-history/${HISTORY_ID}` && api.respond
      ? api.respond()
      : notFoundResponse(),
  );
});

const { StoredRun } = await import('./stored-run');

const copy = { textLabel: 'Text to check', submitLabel: 'Check for AI', noun: 'check', verb: 'check', progressing: '' };

const aiDetectionRun = storedRunDetail({
  historyId: HISTORY_ID,
  service: 'AI_DETECTION',
  title: 'Essay',
  cost: 40,
  input: { text: AI_TEXT },
  result: aiReport,
});
/** A run of another tool whose stored input and result happen to read as an AI Detector run's. */
const humanizedDetectionRun: HistoryDetail = {
  ...aiDetectionRun,
  item: { ...aiDetectionRun.item, model_name: 'QUILLBOT_ANALYSIS' },
};

/** The AI Detector screen as its route shows it: the stored run at ?history_id=, else the editor. */
function Screen() {
  const historyId = (useLocation().search as { history_id?: string }).history_id;
  if (!historyId) return <p>The editor</p>;
  return (
    <StoredRun
      historyId={historyId}
      service="AI_DETECTION"
      copy={copy}
      read={readAiDetectionRun}
      onNew={() => undefined}
    >
      {(run) => <h2>{run.item.title}</h2>}
    </StoredRun>
  );
}

const renderScreen = () => renderWithRouter(Screen, { path: `/ai-detector?history_id=${HISTORY_ID}&tab=x` });

beforeEach(() => {
  api.respond = null;
});

describe('StoredRun', () => {
  it('drops the history_id of another tool’s run by a redirect, keeping the other search params', async () => {
    api.respond = () => jsonResponse(200, humanizedDetectionRun);
    const { router } = await renderScreen();
    expect(await screen.findByText('The editor')).toBeTruthy();
    expect(router.state.location.search).toEqual({ tab: 'x' });
    // Replaced, so Back does not land on the dropped address again.
    expect(router.history.length).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the id of a run of its own it cannot read, and says so', async () => {
    api.respond = () => jsonResponse(200, { ...aiDetectionRun, input: {}, result: {} });
    const { router } = await renderScreen();
    expect(await screen.findByText('This check could not be opened')).toBeTruthy();
    expect(screen.getByText(/saved in a form this version of Candor can’t show/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(router.state.location.search).toEqual({ history_id: HISTORY_ID, tab: 'x' });
  });

  it('drops an id the server does not know the same way', async () => {
    const { router } = await renderScreen();
    expect(await screen.findByText('The editor')).toBeTruthy();
    expect(router.state.location.search).toEqual({ tab: 'x' });
  });

  it('says why a run could not be loaded, keeps its id and tries again', async () => {
    api.respond = () => jsonResponse(500, { error: { code: 'internal', message: 'The server is having a moment.' } });
    const { router } = await renderScreen();
    expect(await screen.findByText('This check could not be opened', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('The server is having a moment.')).toBeTruthy();
    expect(router.state.location.search).toEqual({ history_id: HISTORY_ID, tab: 'x' });

    api.respond = () => jsonResponse(200, aiDetectionRun);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Essay' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ history_id: HISTORY_ID, tab: 'x' });
  });
});
