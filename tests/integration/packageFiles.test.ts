/**
 * The two packages as npm publishes them (`npm pack --dry-run`): the engine and its initializer carry
 * the metadata a registry shows (license, repository, homepage, keywords), a LICENSE, are released at
 * one version, and every page the engine's docs link to is inside its tarball: a link in README.md or
 * docs/ never leads a reader of the installed package to a file it lacks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from './runSite.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));

interface Manifest {
  name: string;
  version: string;
  license?: string;
  repository?: { type: string; url: string; directory?: string };
  homepage?: string;
  keywords?: string[];
}
const manifest = (dir: string): Manifest => JSON.parse(readFileSync(path.join(repo, dir, 'package.json'), 'utf8'));

/** The files `npm pack` puts in a package's tarball, relative to the package. */
async function packed(args: string[]): Promise<string[]> {
  const run = await runCommand(repo, 'npm', ['pack', '--dry-run', '--json', '--ignore-scripts', ...args], process.env);
  expect(run.code, run.stderr).toBe(0);
  const [{ files }] = JSON.parse(run.stdout) as { files: { path: string }[] }[];
  return files.map((f) => f.path);
}

/** The relative links of a markdown file (code spans and blocks left out), as package paths without their #anchor. */
function relativeLinks(file: string): string[] {
  const tokens = new MarkdownIt().parse(readFileSync(path.join(repo, file), 'utf8'), {});
  const hrefs = tokens.flatMap((t) => t.children ?? []).flatMap((t) => (t.type === 'link_open' ? [t.attrGet('href') ?? ''] : t.type === 'image' ? [t.attrGet('src') ?? ''] : []));
  return hrefs
    .filter((h) => h && !/^[a-z]+:/i.test(h) && !h.startsWith('#'))
    .map((h) => path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(h.replace(/#.*$/, '')))));
}

let engineFiles: string[];
let initializerFiles: string[];
beforeAll(async () => {
  [engineFiles, initializerFiles] = await Promise.all([packed([]), packed(['-w', 'packages/create-skerry'])]);
});

describe('the packages npm publishes', () => {
  it('carry a license, their repository, a homepage and keywords, and are released at one version', () => {
    const engine = manifest('.');
    const initializer = manifest('packages/create-skerry');
    for (const pkg of [engine, initializer]) {
      expect(pkg.license, pkg.name).toBe('MIT');
      expect(pkg.repository?.url, pkg.name).toMatch(/^git\+https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/);
      expect(pkg.homepage, pkg.name).toMatch(/^https:\/\//);
      expect(pkg.keywords?.length, pkg.name).toBeGreaterThan(2);
    }
    expect(initializer.repository?.directory).toBe('packages/create-skerry');
    expect(initializer.name).toBe(`create-${engine.name}`);
    expect(initializer.version).toBe(engine.version);
    expect(engineFiles).toEqual(expect.arrayContaining(['LICENSE', 'CHANGELOG.md', 'README.md', 'package.json']));
    expect(initializerFiles).toEqual(expect.arrayContaining(['README.md', 'bin.js', 'package.json']));
  });

  it("hold every file the engine's README and docs link to", () => {
    const docs = engineFiles.filter((f) => f === 'README.md' || /^docs\/[^/]+\.md$/.test(f));
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'docs/reference.md', 'docs/i18n.md', 'docs/authors.md', 'docs/editor.md', 'docs/architecture.md', 'docs/performance.md', 'docs/contributing.md']));
    const missing = docs.flatMap((doc) => relativeLinks(doc).filter((target) => !engineFiles.includes(target)).map((target) => `${doc} -> ${target}`));
    expect(missing).toEqual([]);
  });
});
