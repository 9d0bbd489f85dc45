/** generator/init/scaffoldFiles.ts: the files of a new site, from the template folder's. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageName, scaffoldFiles, siteName } from '../../../generator/init/scaffoldFiles.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (v: string | Uint8Array | undefined) => (typeof v === 'string' ? v : new TextDecoder().decode(v));

const template = new Map([
  ['README.md', bytes('# {{name}}\nRun node {{engine}}/bin/site.js dev.\n')],
  ['content/site.json', bytes('{ "name": "{{name}}" }\n')],
  ['templates/Layout.tsx', bytes('// {{name}} stays as written in code\n')],
  ['templates/static/social.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47])],
  ['gitignore', bytes('dist/\n.site/\n')],
]);
const engineRoot = path.join(path.sep, 'opt', 'engine');
const files = scaffoldFiles({ template, name: 'My Blog', engineRoot });

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
  it('fills in the name and the engine folder in JSON and markdown files only', () => {
    expect(text(files.get('README.md'))).toBe('# My Blog\nRun node /opt/engine/bin/site.js dev.\n'.replaceAll('/opt/engine', engineRoot.split(path.sep).join('/')));
    expect(text(files.get('content/site.json'))).toBe('{ "name": "My Blog" }\n');
    expect(text(files.get('templates/Layout.tsx'))).toBe('// {{name}} stays as written in code\n');
  });

  it('copies other files byte for byte and gives the ignore file its dot', () => {
    expect(files.get('templates/static/social.png')).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    expect(files.has('gitignore')).toBe(false);
    expect(text(files.get('.gitignore'))).toBe('dist/\n.site/\n');
  });

  it('writes a package.json that names the engine and its commands', () => {
    const pkg = JSON.parse(text(files.get('package.json')));
    expect(pkg).toMatchObject({ name: 'my-blog', private: true, scripts: { dev: 'site dev', build: 'site build', preview: 'site preview' } });
    expect(pkg.devDependencies.site).toMatch(/^file:.*\/opt\/engine$/);
  });

  it("maps 'site' to the engine's server API for templates and to its browser part for widgets", () => {
    const server = JSON.parse(text(files.get('tsconfig.json'))).compilerOptions;
    const browser = JSON.parse(text(files.get('widgets/tsconfig.json'))).compilerOptions;
    expect(server.paths.site[0]).toMatch(/\/opt\/engine\/generator\/site\/api\.ts$/);
    expect(server.types).toEqual(['node']);
    expect(browser.paths.site[0]).toMatch(/\/opt\/engine\/generator\/islands\/index\.ts$/);
    expect(browser.types).toEqual([]);
  });

  it('lists the files sorted by path', () => {
    const names = [...files.keys()];
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});
