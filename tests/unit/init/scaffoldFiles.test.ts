/** generator/init/scaffoldFiles.ts: the files of a new site, from the template folder's. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedPackages, packageName, scaffoldFiles, siteName } from '../../../generator/init/scaffoldFiles.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (v: string | Uint8Array | undefined) => (typeof v === 'string' ? v : new TextDecoder().decode(v));

const template = new Map([
  ['README.md', bytes('# {{name}}\nRun npx site dev.\n')],
  ['content/site.json', bytes('{ "name": "{{name}}" }\n')],
  ['templates/Layout.tsx', bytes("// {{name}} stays as written in code\nimport { useSite } from 'engine';\nimport type { ReactNode } from 'react';\n")],
  ['templates/collections.ts', bytes("import { collection } from 'engine';\nimport { z } from 'zod';\nimport { x } from './x.ts';\nimport path from 'node:path';\n")],
  ['widgets/islands/Search.ts', bytes("import { searchIndex } from 'engine/search';\nconst chart = await import('@charts/bar/line');\n")],
  ['templates/static/social.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47])],
  ['gitignore', bytes('dist/\n.site/\n')],
]);
const versions = { react: '19.3.1', zod: '4.6.7', '@charts/bar': '^2.0.0', '@types/react': '19.3.0', '@types/node': '20.19.43', typescript: '5.9.3', sharp: '0.35.5' };
const files = scaffoldFiles({ template, name: 'My Blog', engine: { name: 'engine', folder: '../engine' }, versions });
const installed = scaffoldFiles({ template, name: 'My Blog', engine: { name: 'engine', version: '1.2.3' }, versions });
const json = (files: Map<string, string | Uint8Array>, name: string) => JSON.parse(text(files.get(name)));

describe('siteName and packageName', () => {
  it('title-cases the folder name, and lower-cases it back for npm', () => {
    expect(siteName('/tmp/my-blog')).toBe('My Blog');
    expect(siteName('notes_2026')).toBe('Notes 2026');
    expect(siteName(path.parse(process.cwd()).root)).toBe('My Site');
    expect(packageName('My Blog')).toBe('my-blog');
    expect(packageName('!!!')).toBe('site');
  });
});

describe('scaffoldFiles', () => {
  it('fills in the name in JSON and markdown files only', () => {
    expect(text(files.get('README.md'))).toBe('# My Blog\nRun npx site dev.\n');
    expect(text(files.get('content/site.json'))).toBe('{ "name": "My Blog" }\n');
    expect(text(files.get('templates/Layout.tsx'))).toMatch(/^\/\/ \{\{name\}\} stays as written in code\n/);
  });

  it('copies other files byte for byte and gives the ignore file its dot', () => {
    expect(files.get('templates/static/social.png')).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    expect(files.has('gitignore')).toBe(false);
    expect(text(files.get('.gitignore'))).toBe('dist/\n.site/\n');
  });

  it('writes a package.json that names the engine and its commands', () => {
    const pkg = json(files, 'package.json');
    expect(pkg).toMatchObject({
      name: 'my-blog',
      private: true,
      scripts: { dev: 'site dev', build: 'site build', preview: 'site preview', typecheck: 'tsc -p tsconfig.json && tsc -p widgets/tsconfig.json' },
      devDependencies: { typescript: '^5.9.3' },
    });
  });

  it('depends on an installed engine by version, and on an engine folder by a relative path', () => {
    expect(json(installed, 'package.json').dependencies.engine).toBe('^1.2.3');
    expect(json(files, 'package.json').dependencies.engine).toBe('file:../engine');
  });

  it('depends on every package the templates import, at the versions the engine has, and on the types the typecheck reads', () => {
    expect(importedPackages(template)).toEqual(['@charts/bar', 'engine', 'react', 'zod']);
    const pkg = json(installed, 'package.json');
    expect(pkg.dependencies).toEqual({ '@charts/bar': '^2.0.0', engine: '^1.2.3', react: '^19.3.1', zod: '^4.6.7' });
    expect(pkg.devDependencies).toEqual({ '@types/node': '^20.19.43', '@types/react': '^19.3.0', typescript: '^5.9.3' });
    const unknown = new Map([...template, ['templates/Map.tsx', bytes("import L from 'leaflet';\n")]]);
    expect(() => scaffoldFiles({ template: unknown, name: 'X', engine: { name: 'engine', version: '1.2.3' }, versions })).toThrow(/imports leaflet, which the engine does not depend on/);
  });

  it("lets the engine's name resolve through the package's exports: no path to the engine's files, Node's types for templates only", () => {
    const server = json(installed, 'tsconfig.json').compilerOptions;
    const browser = json(installed, 'widgets/tsconfig.json').compilerOptions;
    expect(server.moduleResolution).toBe('Bundler');
    expect(server.paths).toBeUndefined();
    expect(server.types).toEqual(['node']);
    expect(browser.paths).toBeUndefined();
    expect(browser.types).toEqual([]);
  });

  it('has npm install an engine folder as a package (its dependencies beside it), an installed engine as it is', () => {
    expect(text(files.get('.npmrc'))).toMatch(/^install-links=true$/m);
    expect(installed.has('.npmrc')).toBe(false);
  });

  it('lists the files sorted by path', () => {
    const names = [...files.keys()];
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});
