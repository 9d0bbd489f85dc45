/**
 * `npm create <engine> [dir] -- [--template name]`: the initializer package's command. It makes a new
 * site in a missing or empty folder, from one of the engine's templates, depending on the engine by its
 * name and version; given a folder it asks nothing, else it asks for the folder and the template when a
 * person is at the terminal (and takes the current folder and the blog template when none is).
 */
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { formatSiteError, isSiteError } from '../core/errors.ts';
import { initSource } from './initSource.ts';
import { nextSteps } from './nextSteps.ts';
import { scaffoldFiles, siteName } from './scaffoldFiles.ts';
import { DEFAULT_TEMPLATE, SITE_TEMPLATES, siteTemplate } from './siteTemplates.ts';
import { assertEmpty, writeNewSite } from './writeNewSite.ts';

export interface CreateIo {
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
  /** Asks a question at the terminal; absent when no person is there (stdin is not a terminal). */
  ask?: (question: string) => Promise<string>;
}

const usage = (command: string) =>
  `Usage: ${command} [dir] [-- --template <name>]\n\nMakes a new site in dir (missing or empty). Templates:\n` +
  Object.entries(SITE_TEMPLATES)
    .map(([name, what]) => `  ${name.padEnd(10)} ${what}${name === DEFAULT_TEMPLATE ? ' (the default)' : ''}`)
    .join('\n') +
  '\n';

/** The terminal's questions, when a person is at it. */
function terminalIo(): CreateIo {
  const io: CreateIo = { cwd: process.cwd(), out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };
  if (!process.stdin.isTTY) return io;
  return {
    ...io,
    ask: async (question) => {
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      try {
        return await rl.question(question);
      } finally {
        rl.close();
      }
    },
  };
}

/** Runs the command with `argv` (the arguments after it); resolves with its exit code. */
export async function createSite(argv: string[], io: CreateIo = terminalIo()): Promise<number> {
  const source = await initSource();
  const command = `npm create ${source.engine.name}`;
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (e) {
    io.err(`${(e as Error).message}\n\n${usage(command)}`);
    return 1;
  }
  if (args.positionals.length > 1) {
    io.err(`One folder, please: ${args.positionals.join(' ')}\n\n${usage(command)}`);
    return 1;
  }
  if (args.values.help || args.values.version) {
    io.out(args.values.help ? usage(command) : `${source.engine.version}\n`);
    return 0;
  }
  try {
    let dir = args.positionals[0];
    let template = args.values.template;
    if (dir === undefined && io.ask) {
      dir = (await io.ask('Folder for the new site (my-site): ')).trim() || 'my-site';
      template ??= (await io.ask(`Template, one of ${Object.keys(SITE_TEMPLATES).join(', ')} (${DEFAULT_TEMPLATE}): `)).trim() || undefined;
    }
    dir ??= '.';
    const chosen = siteTemplate(template ?? DEFAULT_TEMPLATE);
    const root = path.resolve(io.cwd, dir);
    await assertEmpty(root, dir, command);
    const name = siteName(root);
    const files = scaffoldFiles({ template: await source.template(chosen), name, engine: source.engine, versions: source.versions });
    await writeNewSite(root, files);
    io.out(nextSteps({ dir: root, name, template: chosen, files: [...files.keys()] }, dir, io.cwd));
    return 0;
  } catch (e) {
    if (!isSiteError(e)) throw e;
    io.err(`\n${formatSiteError(e)}\n\n`);
    return 1;
  }
}

/** The arguments; `npm create x dir -- --template docs` passes the `--` on under some npm versions and `npx`: it is dropped. */
const parse = (argv: string[]) =>
  parseArgs({
    args: argv.filter((a) => a !== '--'),
    allowPositionals: true,
    options: { template: { type: 'string', short: 't' }, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } },
  });
