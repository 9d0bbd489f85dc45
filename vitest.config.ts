import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** The engine's package name, which sites import it by. */
const { name } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { name: string };

/**
 * Every test file runs in a worker process that runs file after file with their modules loaded once
 * (`isolate: false`): a fresh process and module graph for each file cost the unit tests several times
 * their own time, the backend's a third of theirs, and an integration or browser file two to three seconds
 * of start however small its site; a browser file also borrows its process's one Chromium
 * (tests/e2e/harness.ts launchBrowser) instead of launching one. A test therefore leaves no global state
 * behind (globals unstubbed, timers restored, process.env and the working folder as it found them,
 * servers, watchers, workers and browser contexts closed) and imports afresh (vi.resetModules) what it
 * needs unloaded. Two files get a process each, in a project of their own: the bench and its modes, whose
 * figures are a fresh process's.
 */
export const OWN_PROCESS = ['tests/site/integration/bench.test.ts', 'tests/site/integration/benchModes.test.ts'];

/**
 * The files that run React's development build: the widget tests in happy-dom, which mount islands with
 * react-dom/client and act() (which React's production build leaves out) and fail on React's warnings
 * (tests/site/unit/widgets/helpers/react.tsx). Every other file of the shared processes renders with React's
 * production build, as `site build`'s bundles do (generator/selfBundle.mjs defines NODE_ENV; only the dev
 * worker's bundle defines development): a build in a test's process renders as `site build` does, in about
 * half the processor time.
 */
export const DEVELOPMENT_REACT = ['tests/site/unit/widgets/**/*.test.{ts,tsx}', 'tests/unit/islands/**/*.test.{ts,tsx}'];

/**
 * The run's projects over the files `include` names, less `exclude`: shared processes (React's production
 * build, and its development build for DEVELOPMENT_REACT), and one process a file for OWN_PROCESS.
 */
export function testProjects(include: string[], exclude: string[] = []): TestProjectInlineConfiguration[] {
  const excluded = [...configDefaults.exclude, ...exclude];
  return [
    {
      extends: true,
      // The JSX of the templates and tests compiled for the production runtime (react/jsx-runtime), which has no jsxDEV.
      oxc: { jsx: { development: false } },
      test: { name: 'shared', include, exclude: [...excluded, ...OWN_PROCESS, ...DEVELOPMENT_REACT], isolate: false, env: { NODE_ENV: 'production' } },
    },
    { extends: true, test: { name: 'react-dev', include: DEVELOPMENT_REACT, exclude: excluded, isolate: false } },
    { extends: true, test: { name: 'alone', include: OWN_PROCESS, exclude: excluded } },
  ];
}

// One runner for every suite: unit (pure parts, happy-dom for widgets),
// integration (real PGlite, real supabase-js) and e2e (real Chromium).
export default defineConfig({
  // A site imports the engine by its package name (the generator's bundles alias it the same way).
  resolve: {
    alias: {
      // First: the bare name would also match '<name>/search'. The same files the package's exports name.
      [`${name}/search`]: fileURLToPath(new URL('./generator/islands/searchIndex.ts', import.meta.url)),
      [`${name}/islands`]: fileURLToPath(new URL('./generator/islands/index.ts', import.meta.url)),
      [`${name}/client`]: fileURLToPath(new URL('./generator/islands/client.ts', import.meta.url)),
      [name]: fileURLToPath(new URL('./generator/site/api.ts', import.meta.url)),
    },
  },
  test: {
    projects: testProjects(['tests/**/*.test.{ts,tsx}']),
    environment: 'node',
    // One folder per run, where what several files share (a built site, a corpus) is made once
    // (tests/helpers/madeOnce.ts); each file's processor time measured, and after the default
    // report, the ten slowest files.
    globalSetup: ['tests/helpers/runFolderSetup.ts'],
    setupFiles: ['tests/helpers/fileCpu.ts'],
    reporters: ['default', './tests/helpers/SlowestFilesReporter.ts'],
    // A browser flow takes 5-10 s alone and several times that when CI's host is
    // busy (a 6 s admin flow once passed 30 s there); a hung step still fails
    // sooner, at Playwright's own timeout, naming its locator (e2e helpers).
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});
