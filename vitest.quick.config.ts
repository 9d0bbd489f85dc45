import { defineConfig } from 'vitest/config';
import base, { testProjects } from './vitest.config.ts';

/**
 * `npm run test:quick`, the inner loop: the unit and integration tests without a browser, and without
 * the files that build a site many times over, run the CLI build after build, install the packed
 * engine, kill processes part-way, or start, stop and restart backends (the slowest files of `npm test`'s
 * report). `npm test` runs them all.
 */
export const SLOW_FILES = [
  // Whole sites built again and again, in process or through the CLI.
  'tests/integration/buildRecord.test.ts',
  'tests/integration/cli.test.ts',
  'tests/integration/cliOutDir.test.ts',
  'tests/integration/cliWorkers.test.ts',
  'tests/integration/drafts.test.ts',
  'tests/integration/i18nSite.test.ts',
  'tests/integration/images.test.ts',
  'tests/integration/initializerInstall.test.ts',
  'tests/integration/packInstall.test.ts',
  'tests/integration/referenceSites.test.ts',
  'tests/integration/regexTable.test.ts',
  'tests/integration/searchAtScale.test.ts',
  'tests/integration/shardCli.test.ts',
  'tests/integration/shardMerge.test.ts',
  'tests/integration/socialImages.test.ts',
  'tests/integration/speedLayers.test.ts',
  'tests/integration/website.test.ts',
  'tests/integration/differential/*Site*.test.ts',
  'tests/integration/dev/**',
  'tests/site/integration/**',
  // Processes killed part-way, or started from an engine of their own, to see what they leave.
  'tests/integration/commitJournal.test.ts',
  'tests/integration/devStart.test.ts',
  'tests/integration/devRedirectTargets.test.ts',
  'tests/integration/highlight.test.ts',
  // A backend kept busy, started and stopped again and again, killed, or made from nothing.
  'tests/integration/backend/authLimits.test.ts',
  'tests/integration/backend/backendBase.test.ts',
  'tests/integration/backend/commands.test.ts',
  'tests/integration/backend/dataDirLock.test.ts',
  'tests/integration/backend/genTypes.test.ts',
  'tests/integration/backend/genTypesCompile.test.ts',
  'tests/integration/backend/inbox.test.ts',
  'tests/integration/backend/inboxUrl.test.ts',
  'tests/integration/backend/privateDataDir.test.ts',
  'tests/integration/backend/sessions.test.ts',
  'tests/integration/backend/signingKeys.test.ts',
  'tests/integration/backend/auth/authSchemaUpgrade.test.ts',
  'tests/integration/backend/auth/oauthClients.test.ts',
  'tests/integration/backend/auth/signInVariants.test.ts',
  'tests/integration/backend/auth/signUpMailBurst.test.ts',
  'tests/integration/backend/functions/backendKilled.test.ts',
  'tests/integration/backend/storage/storageKilled.test.ts',
  'tests/integration/backend/storage/storageStart.test.ts',
  // shiki loaded afresh for each of its threads.
  'tests/unit/content/regexTable.test.ts',
];

// Replaced, not merged: vitest's mergeConfig would add these lists to the full run's.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: testProjects(['tests/{unit,site/unit,helpers,integration}/**/*.test.{ts,tsx}'], SLOW_FILES),
  },
});
