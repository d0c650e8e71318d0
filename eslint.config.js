import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint/boundaries.js';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'client/dist/**',
      'data/**',
      '.tmp/**',
      'server/src/db/migrations/**',
      'coverage/**',
      'tests/e2e/artifacts/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { local: boundaries, '@typescript-eslint': tseslint.plugin },
    rules: {
      'local/one-way': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/node_modules/**'], message: 'Import packages by name.' }] },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-debugger': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Chakra's CloseButton says "Close" in English: the client uses client/src/widgets/close-button.tsx.
    files: ['client/src/**/*.tsx'],
    ignores: ['client/src/widgets/close-button.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@chakra-ui/react',
              importNames: ['CloseButton'],
              message: 'Use CloseButton from client/src/widgets/close-button.tsx (labelled in the user language).',
            },
          ],
          patterns: [{ group: ['**/node_modules/**'], message: 'Import packages by name.' }],
        },
      ],
    },
  },
  {
    // machines/ and domain/ are pure (docs/architecture.md §2): no I/O, no React, no database.
    files: ['machines/**/*.ts', 'domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                '@chakra-ui/*',
                'drizzle-orm*',
                'pg',
                '@electric-sql/*',
                'node:*',
                'fs',
                'http',
                'hono*',
                'socket.io*',
                'mqtt',
              ],
              message: 'machines/ and domain/ are pure: no I/O, React or database.',
            },
          ],
        },
      ],
    },
  },
);
