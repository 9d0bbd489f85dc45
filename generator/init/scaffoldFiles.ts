/**
 * The files of a new site (`site init`): the template folder's files (generator/init/template/) with
 * the site's name and the engine's folder filled in, plus the files that name the engine's folder
 * (package.json, the TypeScript configs an editor reads). Pure: template texts in, files out.
 */
import path from 'node:path';

export interface ScaffoldInput {
  /** The template folder's files: path relative to it (with "/") -> bytes. */
  template: Map<string, Uint8Array>;
  /** The site's name, as the home page and the README show it. */
  name: string;
  /** The engine's folder (it holds bin/site.js, generator/ and node_modules/). */
  engineRoot: string;
}

/** Files whose text names the site or the engine: {{name}} and {{engine}} are filled in. */
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

const compilerOptions = (engine: string, site: string, types: string[]) => ({
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
  // The engine's packages and their types (React, zod, Node's), for an editor; the bundler finds them on its own.
  typeRoots: [`${engine}/node_modules/@types`],
  types,
  paths: { site: [`${engine}/${site}`], '*': [`${engine}/node_modules/@types/*`, `${engine}/node_modules/*`] },
});

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function scaffoldFiles({ template, name, engineRoot }: ScaffoldInput): Map<string, string | Uint8Array> {
  const engine = engineRoot.split(path.sep).join('/');
  const files = new Map<string, string | Uint8Array>();
  for (const [file, bytes] of template) {
    const target = RENAMED[file] ?? file;
    const fill = (text: string) => text.replaceAll('{{name}}', name).replaceAll('{{engine}}', engine);
    files.set(target, FILLED.test(file) ? fill(new TextDecoder().decode(bytes)) : bytes);
  }
  files.set(
    'package.json',
    json({
      name: packageName(name),
      private: true,
      type: 'module',
      scripts: { dev: 'site dev', build: 'site build', preview: 'site preview' },
      devDependencies: { site: `file:${engine}` },
    }),
  );
  files.set('tsconfig.json', json({ compilerOptions: compilerOptions(engine, 'generator/site/api.ts', ['node']), include: ['site.config.ts', 'templates'] }));
  // Browser code sees the browser part of the engine only, and no Node types.
  files.set('widgets/tsconfig.json', json({ compilerOptions: compilerOptions(engine, 'generator/islands/index.ts', []), include: ['.'] }));
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}
