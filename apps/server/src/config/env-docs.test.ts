import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envTable } from './env.js';

const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('configuration documentation', () => {
  it.each(Object.keys(envTable))('names %s in the README table and in .env.example', (name) => {
    expect(read('README.md')).toMatch(new RegExp(`^\\|\\s*\`${name}\`\\s*\\|`, 'm'));
    expect(read('.env.example')).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });
});
