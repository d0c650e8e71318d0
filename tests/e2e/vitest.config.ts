import { defineConfig } from 'vitest/config';

// End-to-end: the real app started as a user would, driven by the system Chromium (docs/architecture.md §7).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
