// Lint, with the import boundaries of ARCHITECTURE.md:
// - src/api/contracts is isomorphic: zod and its own files only;
// - src (the browser) never imports server;
// - server imports from src only the shared contracts.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'tmp/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' }],
    },
  },
  {
    files: ['src/api/contracts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod$|\\./).*', message: 'Contracts are isomorphic: import only zod and sibling contracts.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/api/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod$|\\./|\\.\\./contracts/).*', message: 'Module definitions are isomorphic: import only zod, sibling definitions and contracts.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/api/contracts/**', 'src/api/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', 'node:*'], message: 'The browser code never imports the server or Node built-ins.' }] },
      ],
    },
  },
  {
    // A command's declaration loads with the console; its body and the API
    // contracts it calls load on first run (<feature>.actions.ts, lazyActions
    // in src/commands/registry.ts). Types are free.
    files: ['src/commands/*.commands.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', 'node:*'], message: 'The browser code never imports the server or Node built-ins.' },
            {
              regex: '/api/(contracts/(?!(software-enums|app-alerts-enums|people-lifecycle|dates)\\.js$)|modules/contracts\\.js$)',
              allowTypeImports: true,
              message: 'Commands declare; their bodies call the API from <feature>.actions.ts, loaded on first run (lazyActions). Import contracts there, or move a constant a `when` needs to a zod-free enum module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+src/(?!api/contracts/|api/modules/)',
              message: 'The server imports from src only the shared contracts and module definitions (src/api/contracts, src/api/modules).',
            },
          ],
        },
      ],
    },
  },
);
