// Runs before this package is packed (prepack): bundles the engine's initializer,
// generator/init/createSite.ts, into dist/create.js, with generator/init/initSource.ts replaced by the
// templates (generator/init/templates/) and the engine's name, version and package versions, read from
// the engine's folder now. The templates stay in one place, the engine's; this package carries a copy
// of them only in its tarball. Also copies the engine's LICENSE, which the tarball must hold.
import { copyFile, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const engine = path.resolve(here, '../..');
const init = path.join(engine, 'generator', 'init');

/** Every template folder's files: folder -> path (with "/") -> base64. */
async function templateData() {
  const root = path.join(init, 'templates');
  const data = {};
  for (const folder of await readdir(root)) {
    const dir = path.join(root, folder);
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    data[folder] = {};
    for (const entry of entries.filter((e) => e.isFile())) {
      const file = path.join(entry.parentPath, entry.name);
      const rel = path.relative(dir, file).split(path.sep).join('/');
      // What a build or an install in the template's folder leaves there is not the template's.
      if (!/(^|\/)(\.site|dist|node_modules)\//.test(rel)) data[folder][rel] = (await readFile(file)).toString('base64');
    }
  }
  return data;
}

const pkg = JSON.parse(await readFile(path.join(engine, 'package.json'), 'utf8'));
const own = JSON.parse(await readFile(path.join(here, 'package.json'), 'utf8'));
if (own.version !== pkg.version) throw new Error(`${own.name} is at ${own.version} and the engine at ${pkg.version}: they are released together, at one version.`);

const source = `
import { COMMON, mergeTemplate } from './siteTemplates.ts';
const data = ${JSON.stringify(await templateData())};
const folder = (name) => new Map(Object.entries(data[name]).map(([file, b64]) => [file, new Uint8Array(Buffer.from(b64, 'base64'))]));
export async function initSource() {
  return {
    engine: ${JSON.stringify({ name: pkg.name, version: pkg.version })},
    versions: ${JSON.stringify({ ...pkg.devDependencies, ...pkg.dependencies })},
    template: async (name) => mergeTemplate(folder(COMMON), folder(name)),
  };
}
`;

await rm(path.join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: { create: path.join(init, 'createSite.ts') },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [
    {
      name: 'baked-init-source',
      setup(b) {
        b.onLoad({ filter: /[\\/]generator[\\/]init[\\/]initSource\.ts$/ }, () => ({ contents: source, loader: 'ts', resolveDir: init }));
      },
    },
  ],
});
await copyFile(path.join(engine, 'LICENSE'), path.join(here, 'LICENSE'));
