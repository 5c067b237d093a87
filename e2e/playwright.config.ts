import { defineConfig } from '@playwright/test';
import { e2eArtifactsDir, e2eBaseUrl } from './env.mjs';

export default defineConfig({
  testDir: './tests',
  outputDir: `${e2eArtifactsDir}/results`,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: e2eBaseUrl,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // tsx: serve.mjs starts the LLM test server, which is TypeScript (@candor/llm/testing).
    command: 'node --import tsx serve.mjs',
    url: `${e2eBaseUrl}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
