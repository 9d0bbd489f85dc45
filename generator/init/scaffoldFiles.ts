/**
 * The files of a new site (`site init`): the template folder's files (generator/init/template/) with
 * the site's name filled in, plus package.json (the engine as a dependency, by version or by a relative
 * path, then with an .npmrc that installs it as a package) and the TypeScript configs its `typecheck` and an editor read. Pure: template texts in, files out.
 */
import path from 'node:path';

export interface ScaffoldInput {
  /** The template folder's files: path relative to it (with "/") -> bytes. */
  template: Map<string, Uint8Array>;
  /** The site's name, as the home page and the README show it. */
  name: string;
  /**
   * How the site depends on the engine: the version it was installed as (a package in a node_modules
   * folder), or the engine's folder relative to the site's, with "/" (an engine run from its source).
   */
  engine: { version: string } | { folder: string };
  /** The TypeScript version the site's `typecheck` runs with (the engine's own). */
  typescript: string;
}

/** Files whose text names the site: {{name}} is filled in. */
const FILLED = /\.(json|md)$/;

/** Stored without its dot, so that it does not act on the engine's own folder. */
const RENAMED: Record<string, string> = { gitignore: '.gitignore' };

/** "my-site" -> "My Site"; a name for a folder called "." or "/" is "My Site" too. */
export function siteName(folder: string): string {
  const words = path.basename(path.resolve(folder)).split(/[-_\s.]+/).filter(Boolean);
  return words.length ? words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ') : 'My Site';
}

/** An npm package name for the folder: lower case, dashes. */
export const packageName = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'site';

/**
 * The engine as a dependency: a version range for an installed engine, a relative `file:` path for one
 * run from its folder (npm links it; the site stays movable together with the engine beside it).
 */
export const engineDependency = (engine: ScaffoldInput['engine']): string =>
  'version' in engine ? `^${engine.version}` : `file:${engine.folder}`;

/**
 * TypeScript settings for the site's code: 'site', 'site/islands', 'site/client' and 'site/search'
 * resolve through the engine package's exports in node_modules, React's, zod's and Node's types through
 * the engine's dependencies installed beside it.
 */
const compilerOptions = (types: string[]) => ({
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  jsx: 'react-jsx',
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  isolatedModules: true,
  allowImportingTsExtensions: true,
  verbatimModuleSyntax: true,
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  types,
});

/**
 * For an engine named by its folder: npm installs it as it would its package (its dependencies beside
 * it in the site's node_modules, where TypeScript and the bundler find them) rather than as a link.
 */
const NPMRC = '# npm installs the engine folder package.json names as a package, its dependencies beside it.\ninstall-links=true\n';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function scaffoldFiles({ template, name, engine, typescript }: ScaffoldInput): Map<string, string | Uint8Array> {
  const files = new Map<string, string | Uint8Array>();
  for (const [file, bytes] of template) {
    const target = RENAMED[file] ?? file;
    const fill = (text: string) => text.replaceAll('{{name}}', name);
    files.set(target, FILLED.test(file) ? fill(new TextDecoder().decode(bytes)) : bytes);
  }
  files.set(
    'package.json',
    json({
      name: packageName(name),
      private: true,
      type: 'module',
      scripts: {
        dev: 'site dev',
        build: 'site build',
        preview: 'site preview',
        typecheck: 'tsc -p tsconfig.json && tsc -p widgets/tsconfig.json',
      },
      devDependencies: { site: engineDependency(engine), typescript: `^${typescript}` },
    }),
  );
  if ('folder' in engine) files.set('.npmrc', NPMRC);
  files.set('tsconfig.json', json({ compilerOptions: compilerOptions(['node']), include: ['site.config.ts', 'templates'] }));
  // Browser code sees the browser part of the engine only ('site/islands', 'site/client', 'site/search'), and no Node types.
  files.set('widgets/tsconfig.json', json({ compilerOptions: compilerOptions([]), include: ['.'] }));
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}
