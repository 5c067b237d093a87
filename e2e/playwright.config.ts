import { defineConfig } from '@playwright/test';
import { e2eArtifactsDir, e2eBaseUrl } from './env.mjs';

// E2E_CLUSTER=N (serve.mjs): these journeys, one or more for each service and SSE streams of both kinds (a tool
// run's progress, a chat reply), run through HAProxy and N instances. The website scanner runs in the chaos run
// (e2e/cluster/) instead: its crawls are the longest journeys, and the cluster step must fit CI's time.
const clustered = Number(process.env.E2E_CLUSTER || 0) > 0;
const clusterSpecs = ['journey', 'oidc', 'payments', 'writing-analysis', 'secure-llm', 'public-api'].map(
  (name) => `**/${name}.spec.ts`,
);

export default defineConfig({
  testDir: './tests',
  ...(clustered ? { testMatch: clusterSpecs } : {}),
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
    // A cluster starts its instances one beside the other on the same cores.
    timeout: clustered ? 300_000 : 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
