import path from 'node:path';

export const e2ePort = Number(process.env.E2E_PORT ?? 4318);
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;
export const e2eDataDir = path.resolve(import.meta.dirname, '.artifacts/data');
export const e2eStateFile = path.resolve(import.meta.dirname, '.artifacts/state.json');
