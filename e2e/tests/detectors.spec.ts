import type { Locator, Page } from '@playwright/test';
import { buildDocx, documentXml, docxBody } from '../../apps/server/src/modules/tools/extract/fixtures/build-fixtures';
import { absentFeatureLabels, featureLabels } from '../../packages/engines/ai-detect/src/features';
import { segmentSentences, tokenizeWords } from '../../packages/engines/writing/src/tokenize';
import { expect, test } from '../support/test';
import { createSignedInUser } from '../support/users';

// A fixed essay of a little over 200 words: the detectors' verdict on it may change with the model, its shape not.
const ESSAY = [
  'When our town opened a community garden on the empty lot behind the library, most of us expected it to fail ' +
    'within a season. The soil was full of broken glass, the only tap was on the far side of the fence, and nobody ' +
    'quite knew who was in charge. Three summers later, it is the busiest corner of the neighbourhood.',
  'What changed was not the soil but the habits of the people who came. Retired teachers began arriving at seven to ' +
    'water the beds before the heat, and teenagers from the high school built raised planters as part of a woodwork ' +
    'class. A family from two streets over taught everyone how to grow bitter melon, which none of us had tasted ' +
    'before and several of us now swear by.',
  'There were arguments, of course. Someone planted mint without a pot and it spread everywhere; a tomato thief ' +
    'struck twice in August. We settled most disputes over tea on the bench by the shed, and wrote the few rules we ' +
    'agreed on in chalk on a board that the rain keeps washing away.',
  'The garden does not feed the town, and it was never meant to. It gives strangers a reason to talk, and it shows ' +
    'that a neglected place can be changed by ordinary people with spades, patience and a little luck with the ' +
    'weather.',
].join('\n\n');

// Short texts for the uploads, each its own document.
const NOTES =
  'The bridge inspection found rust on four of the main girders and cracks in two of the expansion joints. ' +
  'Engineers recommend closing one lane in each direction while the joints are replaced, which should take about ' +
  'six weeks. The council will publish a detour map before the work starts, and buses will keep their usual stops.';
const MINUTES = [
  'The committee met on Tuesday to review the budget for the new sports hall.',
  'Members agreed that the roof repairs come first, since the leaks have already damaged the floor in two places. ' +
    'The treasurer will ask three builders for quotes and report back at the next meeting in October.',
];

// Text the detectors refuse before a run starts (contracts: detectorTextSchema).
const ARABIC =
  'كانت المدينة هادئة في الصباح الباكر، والشوارع شبه خالية إلا من بائعي الخبز الذين يرتبون بضاعتهم على الأرصفة. ' +
  'وبعد ساعة امتلأت الأسواق بالناس، وارتفعت أصوات الباعة وهم ينادون على الفواكه والخضروات الطازجة.';
const HEBREW =
  'בבוקר העיר הייתה שקטה, והרחובות כמעט ריקים מלבד מוכרי הלחם שסידרו את הסחורה שלהם על המדרכות. ' +
  'כעבור שעה השווקים התמלאו באנשים, והמוכרים קראו בקול רם אל העוברים והשבים.';
const EMOJI = '😀😃😄 🎉🎉 🚀🚀🚀 🌍🌱🌻 👍👍';
const NOT_ENGLISH = 'The detectors read English text; this text has too few English words to check';

const PCT = String.raw`(?:<1|>99|\d{1,3})%`;
// What a sensitivity level means, in the model card's numbers.
const LEVEL_MEANING =
  /At this setting (about 1 in [\d,]+ human texts is|almost no human texts are) flagged as AI(?:-written or disguised)?, and (about \d+ in [\d,]+|almost no) AI texts are caught\./;
// A score and its interval in whole percents, or with a decimal or two where an end would otherwise read as a
// threshold.
const SCORE = String.raw`(?:<1|>99|\d{1,3}(?:\.\d{1,2})?)%`;
const RANGE = String.raw`\d{1,3}(?:\.\d{1,2})?–\d{1,3}(?:\.\d{1,2})?%`;
const MAX_CHARACTERS = 200_000;
const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The names the evidence lists give features, and counts the text has none of. */
const featureNames = new Set([...Object.values(featureLabels), ...Object.values(absentFeatureLabels)]);

interface Detector {
  /** The screen's name, as its page heading says it. */
  name: string;
  path: string;
  /** The service (model_name) the run is charged and stored under. */
  service: string;
  /** The service's label on the history screen. */
  historyLabel: string;
  submit: string;
  /** A highlighted sentence's accessible name. */
  sentence: RegExp;
  /** The accessible name of sentence n's evidence card. */
  card: (n: number) => RegExp;
  /** Checks the report's verdict panel shows a verdict and numbers; returns what it says, to compare on reopening. */
  verdict: (panel: Locator) => Promise<string>;
  /** The panel listing what the whole verdict rests on. */
  evidencePanel: string;
}

const detectors: Detector[] = [
  {
    name: 'AI Detector',
    path: '/ai-detector',
    service: 'AI_DETECTION',
    historyLabel: 'AI Detection',
    submit: 'Check for AI',
    sentence: new RegExp(`^Sentence \\d+: ${PCT} likely AI$`),
    card: (n) => new RegExp(`^Why sentence ${n} scored ${PCT}$`),
    evidencePanel: 'What the score rests on',
    verdict: async (panel) => {
      const meter = panel.getByRole('meter', { name: 'AI probability' });
      await expect(meter).toHaveAttribute(
        'aria-valuetext',
        new RegExp(`^${SCORE} likely AI, 90% confidence interval ${RANGE}$`),
      );
      await expect(panel.getByText(new RegExp(`^90% confidence: ${RANGE}$`))).toBeVisible();
      await expect(
        panel.getByText(/^(Likely human|Likely AI|Mixed|Can’t tell|Leans AI, not certain|Leans human, not certain)$/),
      ).toBeVisible();
      return (await meter.getAttribute('aria-valuetext')) ?? '';
    },
  },
  {
    name: 'Humanized Text Detector',
    path: '/humanized-text-detector',
    service: 'QUILLBOT_ANALYSIS',
    historyLabel: 'Humanized Text Detection',
    submit: 'Check text',
    sentence: new RegExp(`^Sentence \\d+: (Human|AI|AI, disguised) \\((Human|AI|AI, disguised) ${PCT}( · |\\)$)`),
    card: (n) => new RegExp(`^Why sentence ${n} reads as (Human|AI|AI, disguised)$`),
    evidencePanel: 'What the verdict rests on',
    verdict: async (panel) => {
      // The three-way split: each class named, each with its probability, one of them marked as the verdict.
      await expect(panel.getByRole('term')).toHaveText([/^Human/, /^AI(?!,)/, /^AI, disguised/]);
      await expect(panel.getByRole('definition')).toHaveText([
        new RegExp(`^${PCT}$`),
        new RegExp(`^${PCT}$`),
        new RegExp(`^${PCT}$`),
      ]);
      await expect(panel.getByRole('term').filter({ hasText: '(the verdict)' })).toHaveCount(1);
      const term = await panel.getByRole('term').filter({ hasText: '(the verdict)' }).textContent();
      const chosen = /^(Human|AI, disguised|AI) \(the verdict\)/.exec(term ?? '')?.[1];
      expect(chosen, `the verdict's class in "${term}"`).toBeDefined();
      // The badge above the split names the same class.
      await expect(panel.getByText(chosen ?? '', { exact: true }).first()).toBeVisible();
      return [chosen, ...(await panel.getByRole('definition').allInnerTexts())].join(' ');
    },
  },
];

/** The account's total balance, as the API reports it. */
async function balance(page: Page): Promise<number> {
  const response = await page.request.get('/api/detector/ai-detector/user-token-balance/');
  const b = (await response.json()) as { token_balance: number; plan_balance: number; referral_token_balance: number };
  return b.token_balance + b.plan_balance + b.referral_token_balance;
}

async function coefficient(page: Page, service: string): Promise<number> {
  const response = await page.request.get('/api/detector/ai-detector/model-coefficient-values');
  const { items } = (await response.json()) as { items: { model_name: string; coefficient: number }[] };
  const item = items.find((i) => i.model_name === service);
  if (!item) throw new Error(`no ${service} coefficient`);
  return item.coefficient;
}

/** Tokens a run of `text` costs: the server's quote, ceil(words × coefficient). */
const quote = (text: string, perWord: number) => Math.ceil(Number((tokenizeWords(text).length * perWord).toFixed(6)));

/** How many runs the account has stored, of any service. */
async function storedRuns(page: Page): Promise<number> {
  const response = await page.request.get('/api/detector/v2/ai-detector/user-history/?page=1&per_page=5');
  return ((await response.json()) as { pagination: { total: number } }).pagination.total;
}

const editor = (page: Page) => page.getByLabel('Text to check', { exact: true });

/** Waits for the report of the run just started, at its own ?history_id=, and returns that id. */
async function reportShown(page: Page): Promise<string> {
  await expect(page.getByRole('region', { name: 'Verdict', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL((url) => url.searchParams.has('history_id'));
  return new URL(page.url()).searchParams.get('history_id') ?? '';
}

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByLabel('Upload a file').setInputFiles({ name, mimeType, buffer });
}

/** What a report shows, to compare the same run opened twice. */
async function reportOf(page: Page, detector: Detector) {
  const text = page.getByRole('document', { name: 'Checked text' });
  const verdict = page.getByRole('region', { name: 'Verdict', exact: true });
  return {
    heading: await page.getByRole('main').getByRole('heading', { level: 2 }).first().innerText(),
    verdict: await detector.verdict(verdict),
    level: await verdict.getByText(/^Read at \w+ sensitivity\.$/).innerText(),
    sentences: await text
      .getByRole('button', { name: detector.sentence })
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))),
    text: await text.textContent(),
  };
}

/** The features an evidence card names: each list item with a direction, its label one of the model's features. */
async function expectNamedFeatures(card: Locator) {
  const items = card.getByRole('listitem').filter({ hasText: /towards (AI|human|disguised AI)$/ });
  await expect(items.first()).toBeVisible();
  for (const item of await items.allInnerTexts()) {
    const label = item.replace(/\s*towards (AI|human|disguised AI)$/, '').trim();
    expect(featureNames, `"${label}" is a feature the detectors weigh`).toContain(label);
  }
}

for (const detector of detectors) {
  test.describe(detector.name, () => {
    test('paste: the cost shows first, then a report with highlighted sentences that explain themselves; it reopens from history', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await createSignedInUser(page);
      const cost = quote(ESSAY, await coefficient(page, detector.service));
      const words = tokenizeWords(ESSAY).length;
      expect(words).toBeGreaterThanOrEqual(200);
      const before = await balance(page);

      await page.goto(detector.path);
      await expect(page.getByRole('heading', { level: 1, name: detector.name })).toBeVisible();
      const submit = page.getByRole('button', { name: detector.submit, exact: true });
      await expect(submit).toBeDisabled();
      await editor(page).fill(ESSAY);
      // The price before anything runs, exactly what will be charged.
      await expect(page.getByText(`${words} words · costs ${cost} tokens`, { exact: true })).toBeVisible();
      // The sensitivity level, balanced unless picked, and what each means in numbers before the run.
      const levels = page.getByRole('group', { name: 'Sensitivity' });
      await expect(levels.getByRole('radio', { name: 'Balanced (default)' })).toBeChecked();
      await expect(levels).toContainText(LEVEL_MEANING);
      const balancedMeaning = await levels.getByText(LEVEL_MEANING).textContent();
      await levels.getByRole('radio', { name: 'Strict' }).check();
      await expect(levels.getByText(LEVEL_MEANING)).not.toHaveText(balancedMeaning ?? '');
      await expect(submit).toBeEnabled();
      await submit.click();
      const historyId = await reportShown(page);

      // The heading names the run and what it cost; the account was charged that, no more.
      await expect(page.getByText(new RegExp(`^Checked .+ · ${words} words · ${cost} tokens$`))).toBeVisible();
      expect(await balance(page)).toBe(before - cost);

      // The verdict with its numbers, the level it was read at, and what it rests on.
      const verdict = page.getByRole('region', { name: 'Verdict', exact: true });
      await detector.verdict(verdict);
      await expect(verdict.getByText('Read at Strict sensitivity.')).toBeVisible();
      await expect(verdict).toContainText(LEVEL_MEANING);
      await expect(verdict).toContainText('Verdict from the built-in detector');
      await expectNamedFeatures(page.getByRole('region', { name: detector.evidencePanel, exact: true }));

      // The text as it was pasted, every sentence a highlight named by its words and described by its score.
      const text = page.getByRole('document', { name: 'Checked text' });
      await expect(text).toHaveText(ESSAY);
      const sentences = text.getByRole('button', { description: /^Sentence \d+: / });
      const count = segmentSentences(ESSAY, tokenizeWords(ESSAY)).length;
      await expect(sentences).toHaveCount(count);
      for (let index = 0; index < count; index++) {
        await expect(sentences.nth(index)).toHaveAccessibleDescription(detector.sentence);
      }
      await expect(sentences.nth(0)).toHaveAccessibleName(ESSAY.slice(0, ESSAY.indexOf('season.') + 'season.'.length));

      // A focused sentence opens its card, naming the features behind its score; Escape closes it.
      await sentences.nth(0).focus();
      const first = page.getByRole('dialog', { name: detector.card(1) });
      await expect(first).toBeVisible();
      await expect(first).toContainText('Sentence 1');
      await expectNamedFeatures(first);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Resting the pointer on a sentence opens its card.
      await sentences.nth(2).hover();
      const third = page.getByRole('dialog', { name: detector.card(3) });
      await expect(third).toBeVisible();
      await expect(third).toContainText('Sentence 3');
      await expectNamedFeatures(third);

      const report = await reportOf(page, detector);

      // History lists the run under the service's name; opening it shows the same report at the same ?history_id=.
      await page.goto('/history');
      await page.getByRole('button', { name: 'Services' }).click();
      await page.getByRole('menuitemcheckbox', { name: detector.historyLabel, exact: true }).click();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(detector.historyLabel);
      const row = page.getByRole('row').filter({ hasText: detector.historyLabel });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(report.heading);
      await expect(row).toContainText(String(cost));
      await row.getByRole('link', { name: `Open ${report.heading} in ${detector.historyLabel}` }).click();
      await expect(page).toHaveURL(
        (url) => url.pathname === detector.path && url.searchParams.get('history_id') === historyId,
      );
      await expect(page.getByRole('document', { name: 'Checked text' })).toHaveText(ESSAY);
      expect(await reportOf(page, detector)).toEqual(report);
      expect(await balance(page)).toBe(before - cost);
    });

    test('disguised: look-alike letters and hidden characters are read as plain text, named in a warning, and the highlights stay on the text as pasted', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await createSignedInUser(page);
      // Every "o" a Cyrillic о, and a zero-width space inside "garden" (three times).
      const disguised = ESSAY.replace(/o/g, '\u043E').replace(/garden/g, 'gar\u200Bden');
      const lookAlikes = ESSAY.match(/o/g)?.length ?? 0;
      const hidden = ESSAY.match(/garden/g)?.length ?? 0;
      // The hidden characters split no word: quoted, charged and reported as the plain essay's words.
      const words = tokenizeWords(ESSAY).length;
      const cost = quote(ESSAY, await coefficient(page, detector.service));
      await page.goto(detector.path);
      await editor(page).fill(disguised);
      await expect(page.getByText(`${words} words · costs ${cost} tokens`, { exact: true })).toBeVisible();
      await page.getByRole('button', { name: detector.submit, exact: true }).click();
      await reportShown(page);
      await expect(page.getByText(new RegExp(`^Checked .+ · ${words} words · ${cost} tokens$`))).toBeVisible();

      const verdict = page.getByRole('region', { name: 'Verdict', exact: true });
      const warning = verdict.getByRole('status').filter({ hasText: 'Disguised text' });
      await expect(warning).toContainText(
        `This text holds ${hidden} invisible characters and ${lookAlikes} letters from other alphabets that look like Latin ones.`,
      );
      const text = page.getByRole('document', { name: 'Checked text' });
      await expect(text).toHaveText(disguised);
      await expect(text.getByRole('button', { description: /^Sentence \d+: / })).toHaveCount(
        segmentSentences(ESSAY, tokenizeWords(ESSAY)).length,
      );
    });

    test('keyboard: Ctrl+Enter runs the check; Tab walks the sentences, each opening its evidence card; Escape closes it', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await createSignedInUser(page);
      await page.goto(detector.path);
      await editor(page).fill(NOTES);
      await editor(page).press('Control+Enter');
      await reportShown(page);
      const sentences = page
        .getByRole('document', { name: 'Checked text' })
        .getByRole('button', { description: /^Sentence \d+: / });
      await expect(sentences).toHaveCount(3);

      // The report's actions come first; the next Tab stop is the first sentence.
      await page.getByRole('button', { name: 'New check' }).focus();
      await page.keyboard.press('Tab');
      await expect(sentences.nth(0)).toBeFocused();
      await expect(sentences.nth(0)).toHaveAttribute('aria-expanded', 'true');
      const first = page.getByRole('dialog', { name: detector.card(1) });
      await expect(first).toBeVisible();
      await expectNamedFeatures(first);

      await page.keyboard.press('Tab');
      await expect(sentences.nth(1)).toBeFocused();
      await expect(sentences.nth(1)).toHaveAttribute('aria-expanded', 'true');
      const second = page.getByRole('dialog', { name: detector.card(2) });
      await expect(second).toBeVisible();
      // Handed over, not faded out: the first card is gone the moment the second one shows, so cards never stack.
      expect(await page.getByRole('dialog').count()).toBe(1);
      await expectNamedFeatures(second);
      await expect(first).toBeHidden();

      await page.keyboard.press('Shift+Tab');
      await expect(sentences.nth(0)).toBeFocused();
      await expect(sentences.nth(0)).toHaveAttribute('aria-expanded', 'true');
      await expect(first).toBeVisible();
      await expect(second).toBeHidden();

      // Escape closes the card and leaves focus on the sentence.
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(sentences.nth(0)).toBeFocused();
      await expect(sentences.nth(0)).toHaveAttribute('aria-expanded', 'false');
    });

    test('upload: a .txt and a .docx fill the editor, show the file name and become the run titles', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await createSignedInUser(page);
      await page.goto(detector.path);

      // A plain-text file.
      await upload(page, 'bridge-notes.txt', 'text/plain', Buffer.from(`${NOTES}\n`, 'utf8'));
      await expect(editor(page)).toHaveValue(NOTES);
      await expect(page.getByRole('button', { name: 'Stop using bridge-notes.txt as the title' })).toBeVisible();
      await expect(page.getByText('bridge-notes.txt', { exact: true })).toBeVisible();
      await expect(
        page.getByText(new RegExp(`^${tokenizeWords(NOTES).length} words · costs \\d+ tokens?$`)),
      ).toBeVisible();
      await page.getByRole('button', { name: detector.submit, exact: true }).click();
      await reportShown(page);
      await expect(page.getByRole('heading', { level: 2, name: 'bridge-notes.txt' })).toBeVisible();
      await expect(page.getByRole('document', { name: 'Checked text' })).toHaveText(NOTES);

      // A Word document, built here.
      await page.getByRole('button', { name: 'New check' }).click();
      await expect(editor(page)).toHaveValue('');
      const docx = buildDocx(
        documentXml(
          docxBody([{ heading: 'Sports hall' }, { paragraph: MINUTES[0] ?? '' }, { paragraph: MINUTES[1] ?? '' }]),
        ),
      );
      await upload(
        page,
        'committee-minutes.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        docx,
      );
      await expect(editor(page)).toHaveValue(/^Sports hall\s+The committee met on Tuesday/);
      await expect(editor(page)).toHaveValue(/report back at the next meeting in October\.$/);
      await expect(page.getByText('committee-minutes.docx', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: detector.submit, exact: true }).click();
      await reportShown(page);
      await expect(page.getByRole('heading', { level: 2, name: 'committee-minutes.docx' })).toBeVisible();

      // Both runs are in history under their file names, with the service's name.
      await page.goto('/history');
      for (const title of ['bridge-notes.txt', 'committee-minutes.docx']) {
        const row = page.getByRole('row').filter({ hasText: title });
        await expect(row).toHaveCount(1);
        await expect(row).toContainText(detector.historyLabel);
        await expect(row.getByRole('link', { name: `Open ${title} in ${detector.historyLabel}` })).toBeVisible();
      }
    });

    test('bad input: empty, unreadable, not English and too large are refused with a message and no charge', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await createSignedInUser(page);
      const before = await balance(page);
      const started: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && /\/v1\/tools\/[^/]+\/jobs$/.test(request.url())) started.push(request.url());
      });
      await page.goto(detector.path);
      const submit = page.getByRole('button', { name: detector.submit, exact: true });
      const uploadError = page.getByRole('alert').filter({ hasText: 'The file could not be read' });

      // Empty, and blank: nothing to run, and Ctrl+Enter does nothing either.
      await expect(editor(page)).toHaveValue('');
      await expect(submit).toBeDisabled();
      await editor(page).fill('   \n\n  ');
      await expect(submit).toBeDisabled();
      await editor(page).press('Control+Enter');

      // A binary file named .txt.
      const binary = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(64, 0),
        Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x00, 0x00]),
      ]);
      await upload(page, 'holiday-photo.txt', 'text/plain', binary);
      await expect(uploadError).toBeVisible();
      await expect(uploadError).toContainText("This file isn't plain text. Save it as UTF-8 text and try again.");
      await expect(page.getByText('holiday-photo.txt', { exact: true })).toHaveCount(0);

      // Right-to-left only, and emoji only: the English-text message, before anything runs.
      for (const text of [ARABIC, HEBREW, EMOJI]) {
        await editor(page).fill(text);
        await expect(page.getByText(NOT_ENGLISH, { exact: true })).toBeVisible();
        await expect(editor(page)).toHaveAttribute('aria-invalid', 'true');
        await expect(submit).toBeDisabled();
        await editor(page).press('Control+Enter');
      }

      // 10 MB of one character as a file: within the upload size, but far more text than a check takes.
      await upload(page, 'aaaa.txt', 'text/plain', Buffer.alloc(MAX_FILE_BYTES, 'a'));
      await expect(uploadError).toBeVisible();
      await expect(uploadError).toContainText(
        `This file has ${MAX_FILE_BYTES.toLocaleString('en-US')} characters of text; the limit is 200,000.`,
      );
      // One byte more is refused before it is sent.
      await upload(page, 'aaaaa.txt', 'text/plain', Buffer.alloc(MAX_FILE_BYTES + 1, 'a'));
      await expect(uploadError).toContainText(
        'aaaaa.txt is larger than 10 MB. Upload a smaller file or paste the text.',
      );

      // 250,000 characters pasted: over the limit, said with by how much.
      await editor(page).fill('a'.repeat(250_000));
      await expect(page.getByText('250,000 / 200,000')).toBeVisible();
      await expect(
        page.getByText(
          `The text is ${(250_000 - MAX_CHARACTERS).toLocaleString('en-US')} characters over the limit. Shorten it to check it.`,
        ),
      ).toBeVisible();
      await expect(submit).toBeDisabled();
      await editor(page).press('Control+Enter');

      // Nothing was started, charged or stored.
      expect(started).toEqual([]);
      expect(await balance(page)).toBe(before);
      expect(await storedRuns(page)).toBe(0);
    });
  });
}
