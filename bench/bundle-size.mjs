// What the browser downloads on a first visit: every JS and CSS response while loading /auth/signin (signed out)
// and / (signed in), gzip-compressed at level 9. Budget (issue 2): 200 KB gzip JS per first load.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { machine, machineTable, signedInCookies, startServer, writeResult } from './lib.mjs';

const BUDGET = 200 * 1024;
const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function firstLoad(browser, url, cookieHeader) {
  const context = await browser.newContext();
  if (cookieHeader) {
    const { hostname } = new URL(url);
    await context.addCookies(
      cookieHeader.split('; ').map((pair) => {
        const [name, ...rest] = pair.split('=');
        return { name, value: rest.join('='), domain: hostname, path: '/' };
      }),
    );
  }
  const page = await context.newPage();
  const assets = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await res.body().catch(() => null);
    if (body)
      assets.push({
        type,
        url: new URL(res.url()).pathname,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  const sum = (t, k) => assets.filter((a) => a.type === t).reduce((s, a) => s + a[k], 0);
  return { finalPath, assets, js: sum('script', 'gzip'), jsRaw: sum('script', 'raw'), css: sum('stylesheet', 'gzip') };
}

const server = await startServer({ port: 18182 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
try {
  const cookie = await signedInCookies(server.base, server.dataDir);
  const rows = [
    ['/auth/signin (signed out)', await firstLoad(browser, `${server.base}/auth/signin`)],
    ['/ (signed in)', await firstLoad(browser, `${server.base}/`, cookie)],
  ];
  const kb = (n) => (n / 1024).toFixed(1);
  for (const [label, r] of rows)
    console.info(label, '→', r.finalPath, `JS ${kb(r.js)} KB gzip, CSS ${kb(r.css)} KB gzip`);
  writeResult(
    'bundle-size',
    `# First-load JavaScript and CSS\n\nEvery script and stylesheet Chromium downloads while loading the page until the network is idle, gzip level 9. Budget: ${kb(BUDGET)} KB gzip JS.\n\n${machineTable(machine())}\n| first load | ended on | JS files | JS gzip KB | JS raw KB | CSS gzip KB | within budget |\n|---|---|---|---|---|---|---|\n${rows
      .map(
        ([label, r]) =>
          `| ${label} | ${r.finalPath} | ${r.assets.filter((a) => a.type === 'script').length} | ${kb(r.js)} | ${kb(r.jsRaw)} | ${kb(r.css)} | ${r.js <= BUDGET ? 'yes' : 'no'} |`,
      )
      .join('\n')}\n\n## Files\n\n${rows
      .map(
        ([label, r]) =>
          `### ${label}\n\n| file | gzip KB |\n|---|---|\n${r.assets.map((a) => `| ${a.url} | ${kb(a.gzip)} |`).join('\n')}`,
      )
      .join('\n\n')}\n`,
  );
} finally {
  await browser.close();
  await server.stop();
}
