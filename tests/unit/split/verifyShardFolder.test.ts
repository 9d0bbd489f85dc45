import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentHash } from '../../../generator/core/contentHash.ts';
import { SiteError } from '../../../generator/core/errors.ts';
import { MANIFEST_FORMAT, type ShardManifest } from '../../../generator/split/shardManifest.ts';
import { shardMayWrite, verifyShardFolder } from '../../../generator/split/verifyShardFolder.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'site-verify-shard-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A shard folder holding `files` (path -> text), and its manifest listing `listed` as its other files. */
function folder(name: string, files: Record<string, string>, listed: string[] = []) {
  const dir = path.join(tmp, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const manifest = {
    format: MANIFEST_FORMAT,
    files: listed.map((file) => ({ file, bytes: Buffer.byteLength(files[file] ?? ''), sha: contentHash(files[file] ?? '') })),
  } as unknown as ShardManifest;
  return { dir, manifest };
}

const failure = (fn: () => unknown): SiteError => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SiteError);
    return e as SiteError;
  }
  throw new Error('it passed');
};

describe('shardMayWrite', () => {
  it('takes the content images and social images a shard makes, and nothing else', () => {
    for (const file of ['assets/images/hero-1a2b3c4d-480.avif', 'assets/images/chart-0f0f0f0f-350.png', 'assets/images/logo-99aa88bb-120.svg', 'assets/social/blog-my-post-1a2b3c4d.png', 'assets/social/index-00ff00ff.png']) {
      expect(shardMayWrite(file), file).toBe(true);
    }
    for (const file of ['.git/config', 'index.html', 'assets/app.js', 'assets/images/../../.git/config', 'assets/images/a/b.png', 'assets/images/.hidden.png', 'assets/social/card.jpg', '/etc/passwd', 'assets/images/x.png/', 'assets\\images\\x.png']) {
      expect(shardMayWrite(file), file).toBe(false);
    }
  });
});

describe('verifyShardFolder', () => {
  it('reads a file whose size and SHA-256 are its manifest\'s', () => {
    const shard = folder('good', { 'index.html': '<p>home</p>' });
    expect(verifyShardFolder(shard).read('index.html', { bytes: 11, sha: contentHash('<p>home</p>') }).toString()).toBe('<p>home</p>');
  });

  it('refuses a symbolic link anywhere in the folder, by name', () => {
    writeFileSync(path.join(tmp, 'outside.txt'), 'secret');
    const shard = folder('linked', { 'index.html': 'x', 'blog/a.html': 'a' });
    symlinkSync(path.join(tmp, 'outside.txt'), path.join(shard.dir, 'blog', 'b.html'));
    expect(failure(() => verifyShardFolder(shard)).args).toMatchObject({ dir: shard.dir, file: 'blog/b.html' });
  });

  it('refuses a listed file a shard never writes', () => {
    const shard = folder('escape', { '.git/config': '[core]' }, ['.git/config']);
    const e = failure(() => verifyShardFolder(shard));
    expect([e.code, e.args]).toEqual(['ShardTampered', { dir: shard.dir, file: '.git/config', reason: expect.stringContaining('assets/images/') }]);
  });

  it('refuses other bytes (ShardTampered), and a file cut short or missing (ShardFolderInvalid)', () => {
    const shard = folder('bytes', { 'index.html': '<p>home</p>' });
    const checked = verifyShardFolder(shard);
    expect(failure(() => checked.read('index.html', { bytes: 11, sha: contentHash('<p>HOME</p>') })).code).toBe('ShardTampered');
    expect(failure(() => checked.read('index.html', { bytes: 40, sha: 'x' })).message).toContain('its index.html is 11 bytes, its manifest says 40');
    expect(failure(() => checked.read('about.html', { bytes: 1, sha: 'x' })).message).toContain('its about.html is missing');
  });
});
