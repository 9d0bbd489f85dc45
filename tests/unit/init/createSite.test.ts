/**
 * generator/init/createSite.ts, the command of the initializer package (`npm create`), run in this
 * process over the engine's templates: given a folder it asks nothing; `--template` picks the starter;
 * a folder that is not empty, an unknown template or a second folder is refused and nothing is written.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, type CreateIo } from '../../../generator/init/createSite.ts';

const engine = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { name: string; version: string; dependencies: Record<string, string> };

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-create-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** Runs the command in the temporary folder; `answers`: what a person at the terminal types, in order. */
async function run(argv: string[], answers?: string[]): Promise<{ code: number; out: string; err: string; asked: string[] }> {
  let out = '';
  let err = '';
  const asked: string[] = [];
  const io: CreateIo = { cwd: tmp, out: (t) => (out += t), err: (t) => (err += t) };
  if (answers) io.ask = async (question) => (asked.push(question), answers.shift() ?? '');
  const code = await createSite(argv, io);
  return { code, out, err, asked };
}

const pkg = (dir: string) => JSON.parse(readFileSync(path.join(tmp, dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

describe('the initializer', () => {
  it('makes the blog in the folder it is given, asking nothing, depending on the engine by its name and version', async () => {
    const made = await run(['trail-club'], ['never asked']);
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    expect(made.asked).toEqual([]);
    expect(made.out).toContain('Made the site "Trail Club" (the blog template)');
    expect(made.out).toContain('  cd trail-club\n');
    expect(existsSync(path.join(tmp, 'trail-club', 'content', 'articles', 'hello-world.md'))).toBe(true);
    expect(existsSync(path.join(tmp, 'trail-club', '.npmrc'))).toBe(false);
    const { dependencies, devDependencies } = pkg('trail-club');
    expect(dependencies).toEqual({ [engine.name]: `^${engine.version}`, react: `^${engine.dependencies.react}`, zod: `^${engine.dependencies.zod}` });
    expect(Object.keys(devDependencies).sort()).toEqual(['@types/node', '@types/react', 'typescript']);
  });

  it('makes the template --template names', async () => {
    const docs = await run(['handbook', '--template', 'docs']);
    expect(docs.code, docs.err).toBe(0);
    expect(existsSync(path.join(tmp, 'handbook', 'widgets', 'islands', 'Search.ts'))).toBe(true);
    const marketing = await run(['launch', '--', '-t', 'marketing']);
    expect(marketing.code, marketing.err).toBe(0);
    expect(existsSync(path.join(tmp, 'launch', 'supabase', 'migrations', '20260101000000_signups.sql'))).toBe(true);
    expect(pkg('launch').dependencies[engine.name]).toBe(`^${engine.version}`);
  });

  it('asks for the folder and the template when it is given no folder and a person is at the terminal', async () => {
    const made = await run([], ['asked-site', 'docs']);
    expect(made.code, made.err).toBe(0);
    expect(made.asked).toEqual(['Folder for the new site (my-site): ', 'Template, one of blog, docs, marketing (blog): ']);
    expect(existsSync(path.join(tmp, 'asked-site', 'content', 'docs'))).toBe(true);
  });

  it('refuses a folder that is not empty, an unknown template and two folders, writing nothing', async () => {
    await mkdir(path.join(tmp, 'taken'));
    await writeFile(path.join(tmp, 'taken', 'notes.txt'), 'mine\n');
    const taken = await run(['taken']);
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('[InitDirNotEmpty]');
    expect(taken.err).toContain(`Hint: Pass a new folder, for example \`npm create ${engine.name} my-site\`, or empty this one first.`);
    expect(await readdir(path.join(tmp, 'taken'))).toEqual(['notes.txt']);
    const unknown = await run(['fresh', '--template', 'dcos']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('There is no template "dcos": did you mean "docs"?');
    expect(unknown.err).toContain('Hint: Pass --template with one of blog, docs, marketing.');
    const two = await run(['one', 'two']);
    expect(two.code).toBe(1);
    expect(two.err).toContain('One folder, please: one two');
    expect(existsSync(path.join(tmp, 'fresh'))).toBe(false);
    expect(existsSync(path.join(tmp, 'one'))).toBe(false);
  });

  it('says how it is used, and its version', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: npm create \S+ \[dir\] \[-- --template <name>\]/);
    expect(help.out).toContain('  marketing  a landing page');
    expect((await run(['--version'])).out).toBe(`${engine.version}\n`);
  });
});
