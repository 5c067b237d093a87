// `npm run bench`: builds once, then runs every benchmark in turn. Numbers land in bench/results/.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
for (const script of [
  'bundle-size.mjs',
  'users-info-load.mjs',
  'tool-runs.mjs',
  'public-api.mjs',
  'cluster.mjs',
  'ledger-charges.ts',
  'writing-accuracy.ts',
  'writing-speed.ts',
  'generate-speed.ts',
  'generate-humanizer.ts',
  'generate-writer.ts',
  'site-scan.ts',
  'plagiarism-accuracy.ts',
  'plagiarism-speed.ts',
  'detector-speed.ts',
  'detector-accuracy.ts',
  'detector-attacks.ts',
  'detector-language-model.ts',
  'pii-accuracy.ts',
  'pii-speed.ts',
  'voice-speed.ts',
  'voice-accuracy.ts',
]) {
  // TypeScript benchmarks import the server's modules and the engines directly, through tsx.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  execFileSync(process.execPath, [...loader, path.join(import.meta.dirname, script)], { stdio: 'inherit' });
}
