import { defineConfig } from 'vitest/config';

/** Browser tests (scripts/web-e2e.sh starts the stack and sets E2E_BASE_URL). */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // expect.poll waits for what the page will show. Vitest's default of
    // one second is less than a cold search (or any first read) can take on
    // a busy two-core CI machine, where the lead search failed twice while
    // its answer was still on the way; a poll ends as soon as it passes.
    expect: { poll: { timeout: 10_000 } },
  },
});
