#!/usr/bin/env node
// Production dependencies, checked offline from package-lock.json and the workspaces' package.json (issue 31):
// - none that the registry marks deprecated (npm records its notice as "deprecated" in the lockfile at install);
// - none that the product does not use: every package a workspace lists under "dependencies" is imported somewhere
//   in that workspace, and type-only packages (@types/*) belong in devDependencies.
// Exits 1 listing each finding. `node scripts/check-deps.mjs` (CI runs it after lint).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const findings = [];

for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  if (entry.deprecated && !entry.dev) {
    findings.push(`${where.replace(/^.*node_modules\//, '')}@${entry.version} is deprecated: ${entry.deprecated}`);
  }
}

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|css|html)$/;
const SKIP = new Set(['node_modules', 'dist', 'coverage', '.vite']);
function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (SOURCE.test(name)) yield full;
  }
}

for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  if (where.includes('node_modules') || !entry.dependencies) continue;
  const dir = path.join(root, where);
  const workspace = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const declared = Object.keys(workspace.dependencies ?? {}).filter((name) => !name.startsWith('@candor/'));
  const text = [...files(dir)].map((file) => readFileSync(file, 'utf8')).join('\n');
  for (const name of declared) {
    if (name.startsWith('@types/')) {
      findings.push(`${where || '.'}: ${name} is types only; it belongs in devDependencies`);
      continue;
    }
    const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    if (!new RegExp(`['"\`]${escaped}(/[^'"\`]*)?['"\`]`).test(text)) {
      findings.push(`${where || '.'}: ${name} is a dependency but nothing in the workspace imports it`);
    }
  }
}

if (findings.length > 0) {
  console.error(`Production dependencies:\n${findings.map((finding) => `  - ${finding}`).join('\n')}`);
  process.exit(1);
}
console.info('Production dependencies: none deprecated, every one used.');
