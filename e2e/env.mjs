import path from 'node:path';

// E2E_PORT lets several runs share a machine: each gets its own server, data directory and results.
export const e2ePort = Number(process.env.E2E_PORT ?? 4318);
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;
export const e2eArtifactsDir = path.resolve(import.meta.dirname, '.artifacts', String(e2ePort));
export const e2eDataDir = path.join(e2eArtifactsDir, 'data');
export const e2eStateFile = path.join(e2eArtifactsDir, 'state.json');
