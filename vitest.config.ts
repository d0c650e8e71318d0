import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two cores here: PGlite costs ~0.7 GB and ~1.5 s per instance, so keep workers few.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: [
            'domain/**/*.test.ts',
            'machines/**/*.test.ts',
            'locales/**/*.test.ts',
            'scripts/**/*.test.ts',
            'client/build/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: [
            'server/**/*.test.ts',
            'runtime/**/*.test.ts',
            'tests/model/**/*.test.ts',
            'tests/sweeps/**/*.test.ts',
            'tests/contracts/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30000,
          // Booting, migrating and seeding PGlite takes seconds, over a minute on a busy 2-core machine.
          hookTimeout: 180000,
        },
      },
      {
        test: {
          name: 'realtime',
          include: ['realtime/**/*.test.ts', 'tests/fault/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          // Booting, migrating and seeding PGlite takes seconds, over a minute on a busy 2-core machine.
          hookTimeout: 180000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          include: ['client/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['client/src/test/setup.ts'],
        },
      },
    ],
  },
});
