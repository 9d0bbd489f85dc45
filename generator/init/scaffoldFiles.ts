/**
 * The files of a new site (`site init`, `npm create`): a template's files (siteTemplates.ts) with the
 * site's name filled in, plus package.json (the engine and every package the templates import, as
 * dependencies at the versions the engine is built with; TypeScript and the types the typecheck needs
 * as devDependencies), an .npmrc for an engine named by its folder, and the TypeScript configs its
 * `typecheck` and an editor read. Pure: template texts in, files out.
 */
import path from 'node:path';

/** How the new site depends on the engine: by its name, and a version (a published engine) or a folder relative to the site's, with "/" (one run from its source). */
export type EngineRef = { name: string } & ({ version: string } | { folder: string });

export interface ScaffoldInput {
  /** The template's files: path relative to it (with "/") -> bytes. */
  template: Map<string, Uint8Array>;
  /** The site's name, as the home page and the README show it. */
  name: string;
  engine: EngineRef;
  /** The versions the engine is built and checked with: its dependencies' and devDependencies' (package -> version). */
  versions: Record<string, string>;
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
 * The engine as a dependency: a version range for a published engine, a relative `file:` path for one
 * run from its folder (npm installs it as a package; the site stays movable together with the engine beside it).
 */
export const engineDependency = (engine: EngineRef): string => ('version' in engine ? `^${engine.version}` : `file:${engine.folder}`);

/** The package an import names: 'zod' for 'zod/v4', '@scope/x' for '@scope/x/y'; null for a file or a Node module. */
export function packageOf(specifier: string): string | null {
  if (/^(\.|\/|node:)/.test(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const SPECIFIER = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

/** Every package the template's code imports (its .ts and .tsx files), React for its JSX, sorted. */
export function importedPackages(template: Map<string, Uint8Array>): string[] {
  const found = new Set<string>();
  for (const [file, bytes] of template) {
    if (!/\.(ts|tsx|mts)$/.test(file)) continue;
    if (file.endsWith('.tsx')) found.add('react');
    for (const m of new TextDecoder().decode(bytes).matchAll(SPECIFIER)) {
      const name = packageOf(m[1] ?? m[2]!);
      if (name) found.add(name);
    }
  }
  return [...found].sort();
}

/** A version as a range npm may update within: "19.3.1" -> "^19.3.1"; a range stays as it is. */
const range = (version: string) => (/^\d/.test(version) ? `^${version}` : version);

/**
 * The new site's dependencies: the engine and every package its templates import, at the engine's own
 * versions; and as devDependencies TypeScript and the types its typecheck reads (Node's, and those of
 * the packages it imports that ship none of their own). Throws for a package the engine does not have.
 */
export function siteDependencies(template: Map<string, Uint8Array>, engine: EngineRef, versions: Record<string, string>): { dependencies: Record<string, string>; devDependencies: Record<string, string> } {
  const dependencies: Record<string, string> = {};
  const devDependencies: Record<string, string> = {};
  const version = (name: string) => {
    const found = versions[name];
    if (!found) throw new Error(`The template imports ${name}, which the engine does not depend on: add it to the engine's package.json.`);
    return range(found);
  };
  for (const name of importedPackages(template)) {
    if (name === engine.name) continue;
    dependencies[name] = version(name);
    if (versions[`@types/${name}`]) devDependencies[`@types/${name}`] = version(`@types/${name}`);
  }
  dependencies[engine.name] = engineDependency(engine);
  for (const name of ['@types/node', 'typescript']) devDependencies[name] = version(name);
  const sorted = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  return { dependencies: sorted(dependencies), devDependencies: sorted(devDependencies) };
}

/**
 * TypeScript settings for the site's code: the engine's exports resolve through its package in
 * node_modules, React's, zod's and Node's types through the packages installed beside it.
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

export function scaffoldFiles({ template, name, engine, versions }: ScaffoldInput): Map<string, string | Uint8Array> {
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
      ...siteDependencies(template, engine, versions),
    }),
  );
  if ('folder' in engine) files.set('.npmrc', NPMRC);
  files.set('tsconfig.json', json({ compilerOptions: compilerOptions(['node']), include: ['site.config.ts', 'templates'] }));
  // Browser code sees the browser part of the engine only (its islands, client and search exports), and no Node types.
  files.set('widgets/tsconfig.json', json({ compilerOptions: compilerOptions([]), include: ['.'] }));
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}
