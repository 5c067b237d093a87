import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { samplePdf } from '../../packages/engines/redact/src/fixtures/sample-documents';
import { redactAndAwaitResult } from '../support/redactor';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/users';

// An automated WCAG 2.1 AA audit (axe-core) of every screen, in the light and the dark theme, with the reports of
// the tools as a user first sees them. It finds what a machine can (contrast, names, roles, keyboard reach of
// scrolling areas); the keyboard journeys of the other specs cover the rest.

const WCAG_2_1_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const signedOutScreens = ['/auth/signin', '/auth/signup', '/auth/forgot-password', '/pricing', '/contact-us'];
const signedInScreens = [
  '/',
  '/ai-detector',
  '/humanized-text-detector',
  '/copyright-detector',
  '/writing-analysis',
  '/document-redactor',
  '/secure-llm',
  '/history',
  '/account',
  '/account?tab=subscription',
  '/account?tab=api-agent',
  '/api-agent-doc-new',
  '/all-products',
  '/pricing',
  '/contact-us',
];

const ESSAY = [
  'When our town opened a community garden on the empty lot behind the library, most of us expected it to fail ' +
    'within a season. The soil was full of broken glass, the only tap was on the far side of the fence, and nobody ' +
    'quite knew who was in charge. Three summers later, it is the busiest corner of the neighbourhood.',
  'There were arguments, of course. Someone planted mint without a pot and it spread everywhere; a tomato thief ' +
    'struck twice in August. We settled most disputes over tea on the bench by the shed, and wrote the few rules we ' +
    'agreed on in chalk on a board that the rain keeps washing away.',
].join('\n\n');

/** The screen's WCAG 2.1 AA violations, one readable line each, once it has finished loading. */
async function violationsOn(page: Page): Promise<string[]> {
  // The screen's own title comes with its route: until then the app may not have rendered at all (on a busy machine
  // the network can fall idle before the app has asked for anything), and an empty page passes almost every rule.
  await expect(page).toHaveTitle(/ \| Candor Dashboard$/);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_2_1_AA).analyze();
  return violations.map(
    (violation) =>
      `${new URL(page.url()).pathname}: ${violation.id} (${violation.impact}) ${violation.help} — ` +
      violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
        .join('; '),
  );
}

/** Runs a detector on the essay through its screen and waits for the report. */
async function runReport(page: Page, path: string, button: string) {
  await page.goto(path);
  await page.getByLabel('Text to check', { exact: true }).fill(ESSAY);
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.has('history_id'), { timeout: 30_000 });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every screen passes an automated WCAG 2.1 AA audit in the ${colorScheme} theme`, async ({ page }) => {
    test.setTimeout(180_000);
    // Reduced motion: colours are measured as they settle, not halfway through a fade.
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const found: string[] = [];
    for (const screen of signedOutScreens) {
      await page.goto(screen);
      found.push(...(await violationsOn(page)));
    }
    await createSignedInUser(page);
    for (const screen of signedInScreens) {
      await page.goto(screen);
      found.push(...(await violationsOn(page)));
    }
    await runReport(page, '/ai-detector', 'Check for AI');
    await expect(page.getByRole('region', { name: 'Verdict', exact: true })).toBeVisible();
    found.push(...(await violationsOn(page)));
    await runReport(page, '/humanized-text-detector', 'Check text');
    await expect(page.getByRole('region', { name: 'Verdict', exact: true })).toBeVisible();
    found.push(...(await violationsOn(page)));

    await page.goto('/copyright-detector');
    await page.getByLabel('Text to check').fill(ESSAY);
    await page.getByLabel('Add files').setInputFiles({
      name: 'source.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(ESSAY.split('\n\n')[0] ?? ''),
    });
    await expect(page.getByRole('list', { name: 'Source files' })).toContainText('source.txt');
    await page.getByRole('button', { name: 'Check for copying' }).click();
    await expect(page.getByRole('list', { name: 'Matched passages' })).toBeVisible({ timeout: 30_000 });
    found.push(...(await violationsOn(page)));

    await page.goto('/writing-analysis');
    await page.getByLabel('Text to analyse').fill(ESSAY);
    await page.getByRole('button', { name: 'Analyse', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Readability' })).toBeVisible({ timeout: 30_000 });
    found.push(...(await violationsOn(page)));

    expect(found).toEqual([]);
  });

  test(`open cards, menus and dialogs, a chat, the Redactor, screens with runs and a phone pass the audit in the ${colorScheme} theme`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const found: string[] = [];
    await createSignedInUser(page);

    // A sentence's evidence card, opened from the keyboard.
    await runReport(page, '/ai-detector', 'Check for AI');
    const report = page.url();
    await page.getByRole('document', { name: 'Checked text' }).getByRole('button').first().focus();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await violationsOn(page)));

    // The account menu, the history's service filter and the account's delete dialog, each open.
    await page.getByRole('button', { name: /, account menu$/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    found.push(...(await violationsOn(page)));
    await page.keyboard.press('Escape');
    await page.goto('/history');
    await page.getByRole('button', { name: 'Services' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    found.push(...(await violationsOn(page)));
    await page.keyboard.press('Escape');
    await page.goto('/account');
    await page.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await violationsOn(page)));
    await page.keyboard.press('Escape');

    // A chat with a masked message, its reply and the audit of what was masked.
    await page.goto('/secure-llm');
    await page.getByLabel('Message').fill('Draft a thank-you note to Ada Lovelace (ada@analytical.example).');
    await expect(page.getByLabel('Personal data in your message')).toBeVisible();
    found.push(...(await violationsOn(page)));
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('article', { name: 'Reply' }).last()).toContainText('Ada Lovelace');
    await page
      .getByRole('button', { name: /masked Audit$/ })
      .first()
      .click();
    await expect(page.getByRole('table')).toBeVisible();
    found.push(...(await violationsOn(page)));

    // The Redactor's options (findings, policy, page previews) and its verified result.
    await page.goto('/document-redactor');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'review.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await samplePdf()) });
    await expect(page).toHaveURL(/\/document-redactor\/options$/, { timeout: 30_000 });
    await page.getByLabel('Start from a policy').selectOption('GDPR');
    await expect(page.getByRole('list', { name: 'Findings' })).toBeVisible();
    found.push(...(await violationsOn(page)));
    await redactAndAwaitResult(page);
    found.push(...(await violationsOn(page)));

    // The dashboard and History with runs in them: charts, rows and their actions.
    for (const screen of ['/', '/history']) {
      await page.goto(screen);
      await expect(page.getByRole('link', { name: /When our town opened a community garden/ }).first()).toBeVisible();
      found.push(...(await violationsOn(page)));
    }

    // A phone: the navigation sheet open, and a report.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
    found.push(...(await violationsOn(page)));
    await page.goto(report);
    await expect(page.getByRole('region', { name: 'Verdict', exact: true })).toBeVisible();
    found.push(...(await violationsOn(page)));

    expect(found).toEqual([]);
  });
}
