import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import type { SeenRequest } from '../lib/test-api';
import { letterAnalysis } from '../lib/test-fixtures';
import { redactorStore } from '../store';

const server = vi.hoisted(() => ({
  seen: [] as SeenRequest[],
  respond: null as null | ((request: SeenRequest) => Response | undefined),
}));

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  const { redactorServer } = await import('../lib/test-api');
  return withFakeApi(
    await importOriginal(),
    redactorServer(server.seen, () => server.respond),
  );
});

const { UploadPage } = await import('./upload-page');

const ANALYSE = 'v1/tools/document-redaction/analyse';

async function renderUpload() {
  const onAnalysed = vi.fn();
  await renderWithRouter(() => <UploadPage onAnalysed={onAnalysed} onShowRun={vi.fn()} />);
  return { onAnalysed, input: screen.getByLabelText('Choose a document') as HTMLInputElement };
}

beforeEach(() => {
  server.seen.length = 0;
  server.respond = null;
  sessionStorage.clear();
  redactorStore.clear();
});

describe('UploadPage', () => {
  it('says what happens to the file, reads it, keeps it in memory and moves on', async () => {
    server.respond = ({ method, path }) =>
      method === 'POST' && path === ANALYSE ? jsonResponse(200, letterAnalysis) : undefined;
    const { onAnalysed, input } = await renderUpload();
    expect(screen.getByText('Your original is never stored.')).toBeTruthy();
    expect(await screen.findByText(/Redacting costs 0\.5 tokens per word\./)).toBeTruthy();
    expect(screen.getByText(/up to 10 MB and 50 pages/)).toBeTruthy();
    expect(input.accept).toContain('.pdf');
    expect(input.accept).toContain('image/jpeg');

    const file = new File(['%PDF-1.7'], 'letter.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, file);
    await waitFor(() => expect(onAnalysed).toHaveBeenCalledTimes(1));
    const request = server.seen.find((r) => r.path === ANALYSE);
    if (!request) throw new Error('the file was not sent');
    expect(request.service).toBe('detector');
    expect((request.body as FormData).get('file')).toBeTruthy();
    expect(redactorStore.selectedFile()).toBe(file);
    expect(redactorStore.document()?.analysis).toEqual(letterAnalysis);
  });

  it('shows the server’s refusal beside the drop zone and stays on the upload step', async () => {
    server.respond = ({ path }) =>
      path === ANALYSE
        ? jsonResponse(415, { error: { code: 'unsupported_media_type', message: 'This PDF is encrypted.' } })
        : undefined;
    const { onAnalysed, input } = await renderUpload();
    await userEvent.upload(input, new File(['%PDF-1.7'], 'locked.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('This PDF is encrypted.')).toBeTruthy();
    expect(screen.getByText('The document could not be read')).toBeTruthy();
    expect(onAnalysed).not.toHaveBeenCalled();
    expect(redactorStore.selectedFile()).toBeNull();
    expect(screen.getByLabelText('Choose a document')).toBeTruthy();
  });

  it('refuses a file it cannot read without uploading it', async () => {
    const { onAnalysed } = await renderUpload();
    // userEvent.upload honours `accept`; a drop does not, so the check is the screen's own.
    const zone = screen.getByRole('region', { name: 'Drop a document here' });
    const file = new File(['{\\rtf1}'], 'notes.rtf', { type: 'application/rtf' });
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.assign(drop, { dataTransfer: { files: [file] } });
    zone.dispatchEvent(drop);
    expect(await screen.findByText(/^notes\.rtf is not a file the redactor can read/)).toBeTruthy();
    expect(server.seen.some((r) => r.path === ANALYSE)).toBe(false);
    expect(onAnalysed).not.toHaveBeenCalled();
  });
});
