import { defineConfig } from 'vitest/config';

// One runner for every suite: unit (pure parts, happy-dom for widgets),
// integration (real PGlite, real supabase-js) and e2e (real Chromium).
export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});
