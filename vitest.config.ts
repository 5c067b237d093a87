import { defineConfig } from 'vitest/config';

// Unit and service tests of every workspace; end-to-end tests run separately with Playwright.
export default defineConfig({
  test: { projects: ['apps/*/vitest.config.ts', 'packages/*/vitest.config.ts', 'packages/engines/*/vitest.config.ts'] },
});
