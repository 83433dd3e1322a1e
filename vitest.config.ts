import { defineConfig } from 'vitest/config';

// One runner for every workspace. Integration tests talk to the real Postgres, Redis, SMTP
// receiver and headless Chromium; see server/test/services.ts for how they are found.
export default defineConfig({
  test: {
    include: ['{contracts,server,bridge,client,load-tests,ea}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['server/test/global-setup.ts'],
  },
});
