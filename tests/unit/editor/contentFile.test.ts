import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentFile, plainRelative } from '../../../generator/editor/contentFile.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'editor-paths-'));
const content = path.join(tmp, 'content');
mkdirSync(path.join(content, 'blog'), { recursive: true });
writeFileSync(path.join(content, 'blog/a.md'), '---\ntitle: A\n---\n');
writeFileSync(path.join(tmp, 'secret.txt'), 'outside');
mkdirSync(path.join(tmp, 'content-other'));
symlinkSync(path.join(tmp, 'secret.txt'), path.join(content, 'blog/link.md'));
symlinkSync(tmp, path.join(content, 'out'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('plainRelative', () => {
  it('takes plain relative paths only', () => {
    expect(plainRelative('blog/a.md')).toBe(true);
    for (const bad of ['', '/etc/passwd', '../x', 'blog/../../x', 'blog//a.md', './a.md', 'C:\\x', 'a\\..\\b', 'a\0b', 3, null]) expect(plainRelative(bad), String(bad)).toBe(false);
  });
});

describe('contentFile', () => {
  it('resolves a file of the content folder, and one not there yet', () => {
    expect(contentFile(content, 'blog/a.md')).toMatchObject({ ok: true, rel: 'blog/a.md' });
    const made = contentFile(content, 'blog/new/post.md');
    expect(made.ok && made.file.endsWith(path.join('blog', 'new', 'post.md'))).toBe(true);
  });

  it('refuses "..", absolute paths and the like with 400', () => {
    for (const bad of ['../secret.txt', '/etc/passwd', path.join(tmp, 'secret.txt'), 'blog/../../secret.txt', '../content-other/x.md']) {
      expect(contentFile(content, bad), bad).toMatchObject({ ok: false, status: 400 });
    }
  });

  it('refuses a symbolic link that leads outside with 403, for a file and through a folder', () => {
    expect(contentFile(content, 'blog/link.md')).toMatchObject({ ok: false, status: 403 });
    expect(contentFile(content, 'out/secret.txt')).toMatchObject({ ok: false, status: 403 });
    expect(contentFile(content, 'out/new-file.md')).toMatchObject({ ok: false, status: 403 });
  });
});
