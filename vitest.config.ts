import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 } },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/global-setup.ts'],
          pool: 'forks',
          sequence: { groupOrder: 1 },
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
          // 2 cores: two files at a time, each with its own PGlite.
          maxWorkers: 2,
          // A fork's files share its loaded modules (the server's code is
          // imported once a fork, not once a file: 258 -> 183 s here). Files
          // share no state through them: each builds its own app, database
          // and organisations (tests/support/app.ts), and restores its spies.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
