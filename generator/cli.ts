/**
 * The command line: commander parses flags into options for the
 * programmatic API, prints results, and is the only place that prints
 * errors and chooses exit codes (0 ok, 1 user error, 2 internal error).
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { readFileSync } from 'node:fs';
import { DEFAULT_CACHE_DIR, DEFAULT_CONTENT_DIR } from './defaults.mjs';
import { errorReport, SiteError } from './core/errors.ts';
import { DEFAULT_TEMPLATE, SITE_TEMPLATES } from './init/siteTemplates.ts';
import { shareWithSite } from './site/embeddedSite.ts';

// The site in the current folder comes as a bundle of its own (bin/site.js), which takes React and the engine's exports from this one.
shareWithSite(async () => (await import('./site/siteModules.ts')).siteModules);

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/** The report's line on social images (generator/social/); none for a site without them. `inPlace`: an up-to-date output's. */
const socialLine = (social: { made: number; cached: number } | 'off' | undefined, inPlace = false): string =>
  social === undefined
    ? ''
    : social === 'off'
      ? "Social images: off (--no-social-images): every page has the site's default image\n"
      : `Social images: ${social.made + social.cached}${inPlace ? ', in place' : ` (${social.made} made, ${social.cached} from cache)`}\n`;

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MB` : `${(n / 1024).toFixed(1)} KB`);

/** Runs a command body; SiteErrors become a friendly message and exit code 1. */
const run =
  <A extends unknown[]>(fn: (...args: A) => Promise<void>) =>
  async (...args: A) => {
    try {
      await fn(...args);
    } catch (e) {
      const report = errorReport(e);
      process.stderr.write(report.text);
      process.exitCode = report.code;
    }
  };

/** Maps an error from generator/backend/ (code, message, hint) into the error table. */
const backendError = (e: unknown): never => {
  const b = e as { code?: string; message: string; hint?: string; name?: string };
  if (b && b.name === 'BackendError') throw new SiteError('BackendFailed', { code: b.code ?? 'unknown', reason: b.message, hint: b.hint });
  throw e;
};

/** The process that started this one, as it was when the CLI loaded. */
const parentAtStart = process.ppid;

/**
 * Ctrl-C and SIGTERM close servers and the database cleanly before exiting. So does the end of npm when npm
 * started this process (`npx site dev`, `npm run dev`): npm passes a SIGTERM sent to its PID on to the shell
 * it runs the command in, which exits without passing it on, and this process would be left serving as a
 * child of init (or of a subreaper). A check every half second sees the new parent.
 */
const stopOnSignal = (close: () => Promise<void>) => {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (!process.env.npm_command) return;
  const orphaned = () => process.ppid !== parentAtStart || process.ppid === 1;
  const watch = setInterval(() => {
    if (!orphaned()) return;
    clearInterval(watch);
    stop();
  }, 500);
  watch.unref();
};

/** A whole number ≥ 0, or commander's usage error. */
/** A comma-separated flag value, repeatable: --keep .git,CNAME --keep .nojekyll. */
const list = (value: string, previous: string[] = []): string[] => [...previous, ...value.split(',').map((v) => v.trim()).filter(Boolean)];
const count = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('Expected a whole number, 0 or more.');
  return n;
};

const portOption = (def: number) => new Option('--port <port>', 'port to listen on').default(def).argParser(Number);
/** `--host [address]`, as Vite's: without a value, every address (0.0.0.0). */
const hostOption = () =>
  new Option('--host [address]', "address to listen on (default 127.0.0.1; without a value: every address); a name given is a Host it answers, as are IP addresses, localhost and the config's allowedHosts");
const hostOf = (host: string | boolean | undefined) => (host === true ? '0.0.0.0' : host || undefined);
const dataDirOption = () => new Option('--data-dir <dir>', 'embedded database folder').default('.site/db');
const dbUrlOption = () => new Option('--db-url <url>', 'a PostgreSQL server instead of the embedded database (postgres://user@host:port/db)');

export const program = new Command()
  .name('site')
  .description('Static-site generator: React templates to HTML, with hydrated React islands.')
  .version(pkg.version)
  // `site backend status --port 1` gives --port to status, not to backend.
  .enablePositionalOptions();

program
  .command('build')
  .description('build the site into a deployable folder')
  .option('--out <dir>', 'output folder: replaced whole, so it must be missing, empty or written by an earlier build', 'dist')
  .option('--empty-out-dir', 'replace an --out folder that holds other files, deleting them (never the project, .git or a source folder)')
  .option('--keep <entries>', 'entries at the top of --out that the build leaves in place, comma-separated (publishing from the output\'s own repository: --keep .git,CNAME)', list)
  .option('--content <dir>', 'content folder', DEFAULT_CONTENT_DIR)
  .option('--site-url <url>', 'absolute http(s) URL the pages, sitemap and feeds are made for (default: the "url" of the site config\'s meta)')
  .option('--no-cache', 'ignore the build cache (a cold build); it is refilled')
  .option('--cache-dir <dir>', 'build cache folder', DEFAULT_CACHE_DIR)
  .addOption(new Option('--workers <n>', 'worker threads besides the main one (default: one per extra core, from 2,000 articles or pages)').argParser(count))
  .option('--timings', 'print how long each build stage took')
  .option('--drafts', 'include drafts (entries a list collection marks as drafts)')
  .option('--future', 'include entries dated after today (UTC)')
  .option('--no-social-images', "make no social images: every page has the site's default image (a quicker build)")
  .addOption(new Option('--shard <i/n>', 'build slice i of n into --out with a manifest, for `--merge` (a build split across machines: docs/deploy.md)').conflicts('merge'))
  .option('--merge <dirs...>', 'join the folders of every --shard into --out and run the whole-site steps (files, search, checks)')
  .addHelpText(
    'after',
    '\nThe build replaces --out whole. It takes a folder that is missing, empty or marked by an earlier build\n' +
      '(its .site-build file lists what that build wrote) and holding nothing else but the --keep entries;\n' +
      'any other only with --empty-out-dir. Never, even so: the project root or a folder above it, the home\n' +
      'folder, .git, a git repository (unless --keep .git; emptied only while it tracks nothing but this\n' +
      "site's output and the --keep entries), a folder with files tracked by another repository,\n" +
      'or a source folder (content, templates, widgets, supabase, generator, bin, scripts, tests, node_modules, .site).\n',
  )
  .action(
    run(async (opts: { out: string; emptyOutDir?: boolean; keep?: string[]; content: string; siteUrl?: string; cache: boolean; cacheDir: string; workers?: number; timings?: boolean; drafts?: boolean; future?: boolean; socialImages: boolean; shard?: string; merge?: string[] }) => {
      const options = { out: opts.out, emptyOutDir: opts.emptyOutDir, keep: opts.keep, content: opts.content, siteUrl: opts.siteUrl, cache: opts.cache, cacheDir: opts.cacheDir, workers: opts.workers, drafts: opts.drafts, future: opts.future, socialImages: opts.socialImages };
      // This thread's translated regular expressions are kept beside the site's bundle (content/regexTable.ts),
      // by every kind of build: a shard's job finds the table its site's .site/cache brought along; and in the
      // engine's table, which a new site starts from.
      const { keepRegexTableIn, saveRegexTable } = await import('./content/highlightCode.ts');
      const { bundleFolder } = await import('./runBundle.cjs');
      keepRegexTableIn(bundleFolder());
      if (opts.shard || opts.merge) {
        // A build split across machines (generator/split/): one slice, or the join of all of them.
        const { runSplit } = await import('./buildSplit.ts');
        const report = await runSplit(options, opts);
        saveRegexTable();
        return void process.stdout.write(report, () => process.exit());
      }
      const [{ build, upToDate }, { formatJsReport }] = await Promise.all([import('./build.ts'), import('./assets/formatJsReport.ts')]);
      const { formatHeldBack } = await import('./content/formatHeldBack.ts');
      const checking = performance.now();
      const same = upToDate(options);
      if (same) {
        // Nothing changed since the last build (generator/stages/buildRecord.ts): its output stays as it is.
        const ms = Math.round(performance.now() - checking);
        process.stdout.write(formatJsReport(same.js));
        if (opts.timings) process.stdout.write(`Stages: up-to-date check ${ms} ms\n`);
        process.stdout.write(formatHeldBack(same.held));
        process.stdout.write(`Up to date: ${same.pages} pages (${same.files} files, ${kb(same.bytes)}) in ${opts.out}/, nothing changed since the last build (checked in ${ms} ms)\n`);
        process.stdout.write(socialLine(same.social, true));
        return void process.stdout.write('', () => process.exit());
      }
      const result = await build(options);
      saveRegexTable();
      const { stats, js } = result;
      const { pages } = stats.cache;
      process.stdout.write(formatJsReport(js));
      if (opts.timings) process.stdout.write(`Stages: ${Object.entries(stats.stages).map(([name, ms]) => `${name} ${ms} ms`).join(', ')}\n`);
      process.stdout.write(formatHeldBack(result.held));
      process.stdout.write(
        `Built ${stats.pages} pages (${stats.files} files, ${kb(stats.bytes)}) into ${opts.out}/ in ${stats.ms} ms` +
          ` (${pages.rendered} rendered, ${pages.cached} from cache${stats.workers ? `, ${stats.workers} workers` : ''})\n`,
      );
      const { images } = stats;
      if (images.encoded + images.cached) process.stdout.write(`Images: ${images.encoded + images.cached} (${images.encoded} encoded, ${images.cached} from cache)\n`);
      process.stdout.write(socialLine(stats.social));
      // Everything is on disk (the build waited for its cache writes; a detached process deletes the old
      // output): end now, rather than tear down a heap of thousands of pages' data first. The write's
      // callback runs once the report has gone out.
      process.stdout.write('', () => process.exit());
    }),
  );

program
  .command('init')
  .argument('[dir]', 'folder for the new site: missing or empty', '.')
  .option('--template <name>', `what the site starts from: ${Object.entries(SITE_TEMPLATES).map(([name, what]) => `${name} (${what})`).join('; ')}`, DEFAULT_TEMPLATE)
  .description('make a new site: config, content, templates, styles and an island')
  .action(
    run(async (dir: string, opts: { template: string }) => {
      const [{ initSite }, { nextSteps }] = await Promise.all([import('./init/initSite.ts'), import('./init/nextSteps.ts')]);
      const made = await initSite(dir, { template: opts.template });
      process.stdout.write(nextSteps(made, dir, process.cwd()));
    }),
  );

program
  .command('dev')
  .description('serve the site with file watching, live reload and the embedded backend')
  .addOption(portOption(4321))
  .addOption(hostOption())
  .addOption(new Option('--backend-port <port>', 'embedded backend port').default(54321).argParser(Number))
  .addOption(dataDirOption())
  .option('--no-backend', 'serve without the embedded backend (a site without one; forms show their error)')
  .option('--open', 'open the browser')
  .action(
    run(async (opts: { port: number; host?: string | boolean; backendPort: number; dataDir: string; backend: boolean; open?: boolean }) => {
      const { dev } = await import('./dev/dev.ts');
      const server = await dev({ ...opts, host: hostOf(opts.host) });
      stopOnSignal(() => server.close());
    }),
  );

program
  .command('preview')
  .description('serve a built folder as a static host would')
  .addOption(portOption(4322))
  .addOption(hostOption())
  .option('--dir <dir>', 'folder to serve', 'dist')
  .option('--backend', 'also start the embedded backend')
  .action(
    run(async (opts: { port: number; host?: string | boolean; dir: string; backend?: boolean }) => {
      const { preview } = await import('./dev/preview.ts');
      const server = await preview({ ...opts, host: hostOf(opts.host) });
      stopOnSignal(() => server.close());
    }),
  );

const backend = program
  .command('backend')
  .description('run the embedded Supabase-compatible backend (PGlite, or a PostgreSQL server with --db-url)')
  .enablePositionalOptions()
  .addOption(portOption(54321))
  .addOption(dataDirOption())
  .addOption(dbUrlOption())
  .action(
    run(async (opts: { port: number; dataDir: string; dbUrl?: string }) => {
      const { runBackend } = await import('./backend/commands.ts');
      await runBackend({ ...opts, databaseUrl: opts.dbUrl }).catch(backendError);
    }),
  );

backend
  .command('status')
  .description('print the API URL and keys, like `supabase status`')
  .option('--json', 'print JSON')
  .addOption(portOption(54321))
  .addOption(dataDirOption())
  .action(
    run(async (opts: { json?: boolean; port: number; dataDir: string }) => {
      const { backendStatus } = await import('./backend/commands.ts');
      const status = await backendStatus(opts).catch(backendError);
      process.stdout.write(
        opts.json
          ? `${JSON.stringify(status, null, 2)}\n`
          : Object.entries(status)
              .filter(([k]) => !/^[A-Z_]+$/.test(k)) // the CLI's names are for --json
              .map(([k, v]) => `${k}: ${String(v)}`)
              .join('\n') + '\n',
      );
    }),
  );

const admin = program.command('admin').description('manage admin roles in the embedded backend');
for (const verb of ['grant', 'revoke'] as const) {
  admin
    .command(`${verb} <email>`)
    .description(`${verb} the admin role ${verb === 'grant' ? 'to' : 'from'} a signed-up user`)
    .addOption(portOption(54321))
    .addOption(dataDirOption())
    .addOption(dbUrlOption())
    .action(
      run(async (email: string, opts: { port: number; dataDir: string; dbUrl?: string }) => {
        const commands = await import('./backend/commands.ts');
        const result = await (verb === 'grant' ? commands.adminGrant : commands.adminRevoke)(email, { ...opts, databaseUrl: opts.dbUrl }).catch(backendError);
        const done = verb === 'grant' ? `Granted admin to ${email}` : `Revoked admin from ${email}`;
        process.stdout.write(result.changed ? `${done}.\n` : `Nothing to do: ${email} ${result.admin ? 'is already' : 'is not'} an admin.\n`);
      }),
    );
}

program
  .command('gen')
  .description('generate code from the backend')
  .command('types')
  .description('print the TypeScript Database types of the migrations, like `supabase gen types typescript --local`')
  .option('--out <file>', 'write them to this file instead of stdout')
  .addOption(dbUrlOption())
  .option('--schema <names...>', 'schemas to include (default: public and the [api] schemas of supabase/config.toml)')
  .addHelpText('after', '\nThe migrations are the schema: they run on a fresh in-memory database, so a running backend and\nits data dir are left alone. With --db-url, that server\'s schema is read as it is.\n')
  .action(
    run(async (opts: { out?: string; dbUrl?: string; schema?: string[] }) => {
      const { generateTypes } = await import('./backend/generateTypes.ts');
      const schemas = opts.schema?.flatMap((s) => s.split(',')).filter(Boolean);
      const types = await generateTypes({ databaseUrl: opts.dbUrl, schemas }).catch(backendError);
      if (!opts.out) return void process.stdout.write(types);
      const [{ mkdirSync, writeFileSync }, path] = await Promise.all([import('node:fs'), import('node:path')]);
      mkdirSync(path.dirname(path.resolve(opts.out)), { recursive: true });
      writeFileSync(opts.out, types);
      process.stdout.write(`Wrote ${opts.out}\n`);
    }),
  );

/** Every command and subcommand with its arguments and description, for the end of `site --help`. */
function commandList(root: Command): string {
  const rows: [string, string][] = [];
  const walk = (cmd: Command, prefix: string) => {
    for (const sub of cmd.commands) {
      const args = sub.registeredArguments.map((a) => (a.required ? `<${a.name()}>` : `[${a.name()}]`));
      const usage = [prefix, sub.name(), ...args].join(' ');
      rows.push([usage, sub.description()]);
      walk(sub, `${prefix} ${sub.name()}`);
    }
  };
  walk(root, root.name());
  const width = Math.max(...rows.map(([u]) => u.length));
  const lines = rows.map(([usage, description]) => `  ${usage.padEnd(width)}  ${description}`);
  return `\nEvery command (\`site <command> --help\` lists its options):\n${lines.join('\n')}\n`;
}
program.addHelpText('after', () => commandList(program));

// Not awaited: the CLI runs as a CommonJS bundle (generator/runBundle.cjs), which has no top-level await;
// a failure is an unhandled rejection, which ends the process with an error, as before.
void program.parseAsync(process.argv);
