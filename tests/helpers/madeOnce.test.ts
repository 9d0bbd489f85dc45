import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { madeOnce } from './madeOnce.ts';

describe('madeOnce', () => {
  it('makes a thing once for every caller, in the run folder, and hands each the same folder', async () => {
    let made = 0;
    const make = async (folder: string) => {
      made++;
      await writeFile(path.join(folder, 'thing.txt'), 'made');
    };
    const folders = await Promise.all([madeOnce('made-once-test', make), madeOnce('made-once-test', make), madeOnce('made-once-test', make)]);
    expect(made).toBe(1);
    expect(new Set(folders).size).toBe(1);
    expect(folders[0]!.startsWith(inject('runFolder'))).toBe(true);
    expect(await readFile(path.join(folders[0]!, 'thing.txt'), 'utf8')).toBe('made');
    expect(await madeOnce('made-once-test', make)).toBe(folders[0]);
    expect(made).toBe(1);
  });

  it("fails every caller with the maker's message when making fails", async () => {
    const make = async () => {
      throw new Error('the corpus could not be written');
    };
    await expect(madeOnce('made-once-failing', make)).rejects.toThrow('the corpus could not be written');
    await expect(madeOnce('made-once-failing', make)).rejects.toThrow(/made-once-failing could not be made for this run: .*the corpus could not be written/);
  });

  it('is made by the next caller when the process that claimed it ended without finishing', async () => {
    const root = inject('runFolder');
    // A claim left by a process that has ended.
    const ended = spawn(process.execPath, ['-e', '']);
    const pid = ended.pid!;
    await new Promise((resolve) => ended.on('exit', resolve));
    await mkdir(path.join(root, 'made-once-orphan.claim'));
    await writeFile(path.join(root, 'made-once-orphan.claim', 'pid'), String(pid));
    const folder = await madeOnce('made-once-orphan', async (into) => writeFile(path.join(into, 'thing.txt'), 'taken over'));
    expect(await readFile(path.join(folder, 'thing.txt'), 'utf8')).toBe('taken over');
    expect(existsSync(path.join(root, 'made-once-orphan.done'))).toBe(true);
    expect((await readdir(root)).filter((n) => n.startsWith('made-once-orphan.claim.'))).toEqual([]);
  });
});
