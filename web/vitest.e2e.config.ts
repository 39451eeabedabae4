import { defineConfig } from 'vitest/config';

/** Browser tests (scripts/web-e2e.sh starts the stack and sets E2E_BASE_URL). */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
