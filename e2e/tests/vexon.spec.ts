import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/users';

// Decoding, features and AASIST-L on a busy machine; the first run also starts an engine thread.
test.setTimeout(120_000);

const speechMp3 = readFileSync(path.resolve(import.meta.dirname, '../../packages/engines/audio/fixtures/speech.mp3'));

/** Five seconds of a voiced, speech-like sound as a 16-bit, 16 kHz WAV, made here. */
function voicedWav(seconds = 5): Buffer {
  const rate = 16_000;
  const samples = seconds * rate;
  const bytes = Buffer.alloc(44 + samples * 2);
  bytes.write('RIFF', 0);
  bytes.writeUInt32LE(36 + samples * 2, 4);
  bytes.write('WAVEfmt ', 8);
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(rate, 24);
  bytes.writeUInt32LE(rate * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36);
  bytes.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const f0 = 125 + 20 * Math.sin(2 * Math.PI * 0.8 * t);
    let x = 0;
    for (let h = 1; h <= 12; h++) x += Math.sin(2 * Math.PI * f0 * h * t) / h;
    bytes.writeInt16LE(Math.round(5_000 * x * (0.4 + 0.6 * Math.sin(2 * Math.PI * 3 * t) ** 2)), 44 + i * 2);
  }
  return bytes;
}

/** Chooses a recording on /vexon, checks it, and waits for its result. */
async function check(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, keep: boolean) {
  await page.goto('/vexon');
  await expect(page.getByText(/up to 50 MB and 10 minutes/)).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(file);
  await expect(page.getByTestId('chosen-recording')).toHaveText(file.name);
  if (keep) await page.getByLabel(/Keep the recording in History/).check();
  await page.getByRole('button', { name: 'Check recording' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/vexon/result', { timeout: 90_000 });
  await expect(page.getByTestId('voice-verdict')).toBeVisible();
}

test('/vexon/result without a result goes back to /vexon', async ({ page }) => {
  await createSignedInUser(page);
  await page.goto('/vexon/result');
  await expect(page).toHaveURL((url) => url.pathname === '/vexon');
});

test('an MP3: the timeline, a jump to a window, the PDF and JSON reports, and the run reopened from History', async ({
  page,
}) => {
  await createSignedInUser(page);
  await check(page, { name: 'voicemail.mp3', mimeType: 'audio/mpeg', buffer: speechMp3 }, true);

  const verdict = page.getByTestId('voice-verdict');
  await expect(verdict.getByRole('heading', { level: 2 })).toHaveText(
    /Likely a real voice|Likely a synthetic voice|Uncertain/,
  );
  await expect(verdict).toContainText('Probability synthetic');
  await expect(page.getByTestId('voice-timeline').getByRole('button')).toHaveCount(1);
  // The waveform and spectrogram are drawn, and the player is ready.
  await expect(page.getByRole('button', { name: 'Play' })).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByTestId('waveform').locator('xpath=.//*').first()).toBeAttached();
  await expect(page.getByTestId('spectrogram').locator('canvas').first()).toBeAttached();

  const windows = page.getByRole('list', { name: 'Scored windows' }).getByRole('button');
  await expect(windows).toHaveCount(1);
  await windows.first().click();
  await expect(windows.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('playhead')).toHaveAttribute('data-time', /^\d+\.\d\d$/);

  const pdf = page.waitForEvent('download');
  await verdict.getByRole('button', { name: 'Download PDF' }).click();
  const pdfBytes = readFileSync(await (await pdf).path());
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');

  const json = page.waitForEvent('download');
  await verdict.getByRole('button', { name: 'Download JSON' }).click();
  const report = JSON.parse(readFileSync(await (await json).path(), 'utf8'));
  expect(report).toMatchObject({ file_name: 'voicemail.mp3', billed_seconds: 4 });
  expect(report.windows[0]).toMatchObject({ start: 0, synthetic_probability: expect.any(Number) });

  await page.goto('/history');
  await page.getByRole('link', { name: 'Open voicemail.mp3 in Deepfake Audio' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/vexon/result' && url.searchParams.has('history_id'));
  await expect(page.getByTestId('voice-verdict')).toBeVisible();
  // It was kept, so it plays again.
  await expect(page.getByRole('button', { name: 'Play' })).toBeEnabled({ timeout: 20_000 });
});

test('a WAV: windows along the timeline, each one a jump; reopened from History with its scores but not its audio', async ({
  page,
}) => {
  await createSignedInUser(page);
  await check(page, { name: 'tone.wav', mimeType: 'audio/wav', buffer: voicedWav(9) }, false);
  const timeline = page.getByTestId('voice-timeline').getByRole('button');
  await expect(timeline).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Play' })).toBeEnabled({ timeout: 20_000 });
  await timeline.nth(2).click();
  await expect(page.getByRole('list', { name: 'Scored windows' }).getByRole('button').nth(2)).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const at = Number(await page.getByTestId('playhead').getAttribute('data-time'));
  expect(at).toBeGreaterThanOrEqual(4);

  await page.goto('/history');
  await page.getByRole('link', { name: 'Open tone.wav in Deepfake Audio' }).click();
  await expect(page.getByTestId('voice-verdict')).toBeVisible();
  await expect(page.getByText('The recording was not kept, so it cannot be played.')).toBeVisible();
  await expect(page.getByTestId('voice-timeline').getByRole('button')).toHaveCount(4);
});

test('a file that is not audio is refused with the reason, and nothing is charged', async ({ page }) => {
  await createSignedInUser(page);
  await page.goto('/vexon');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'notes.mp3',
    mimeType: 'audio/mpeg',
    buffer: Buffer.from('These are meeting notes, not a recording.\n'.repeat(40)),
  });
  await page.getByRole('button', { name: 'Check recording' }).click();
  await expect(page.getByRole('alert')).toContainText('is not audio Candor can read');
});
