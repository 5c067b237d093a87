import path from 'node:path';

// E2E_PORT lets several runs share a machine: each gets its own server, data directory and results.
export const e2ePort = Number(process.env.E2E_PORT ?? 4318);
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;
export const e2eArtifactsDir = path.resolve(import.meta.dirname, '.artifacts', String(e2ePort));
export const e2eDataDir = path.join(e2eArtifactsDir, 'data');
export const e2eStateFile = path.join(e2eArtifactsDir, 'state.json');

/** Coupons created before the server starts (arguments of `catalog coupons add`); the payment specs use them. */
export const e2eCoupons = [
  ['--code', 'E2E20', '--percent-off', '20', '--description', 'End-to-end test coupon'],
  ['--code', 'E2EOLD', '--percent-off', '10', '--valid-from', '2020-01-01', '--valid-until', '2020-12-31'],
];

/** The model the e2e LLM server offers, and the file where it logs each request's messages (one JSON line each). */
export const e2eLlmModel = 'candor-e2e-model';
export const e2eLlmLog = path.join(e2eArtifactsDir, 'llm-requests.jsonl');

/** The website the SEO Scanner spec crawls, on loopback; the e2e server may read this one private origin only. */
export const e2eTestSiteHost = '127.0.0.2';
export const e2eTestSiteOrigin = `http://${e2eTestSiteHost}:${e2ePort + 1002}`;
