/**
 * Writes the built files atomically: everything goes into a temporary
 * sibling folder, which is swapped in only when complete. A failed build
 * never touches the previous output.
 */
import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type OutputFiles = Map<string, string | Uint8Array>;

export async function writeOutput(outDir: string, files: OutputFiles): Promise<void> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  // mkdtemp: two builds started in the same millisecond never share a folder.
  await mkdir(parent, { recursive: true });
  const tmp = await mkdtemp(path.join(parent, `.${base}-tmp-`));
  // mkdtemp makes a private folder; the output must be readable by a web server serving it in place.
  await chmod(tmp, 0o755);
  const old = `${tmp}-old`;
  try {
    for (const f of files.keys()) {
      const target = path.resolve(tmp, f);
      if (path.isAbsolute(f) || !target.startsWith(tmp + path.sep)) {
        throw new Error(`Output path "${f}" is not inside the output folder`);
      }
    }
    const dirs = new Set([...files.keys()].map((f) => path.dirname(path.join(tmp, f))));
    await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
    const entries = [...files];
    // Bounded concurrency keeps file handles in check on big sites.
    for (let i = 0; i < entries.length; i += 64) {
      await Promise.all(entries.slice(i, i + 64).map(([f, data]) => writeFile(path.join(tmp, f), data)));
    }
  } catch (e) {
    await rm(tmp, { recursive: true, force: true });
    throw e;
  }
  let hadOld = true;
  await rename(outDir, old).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
    hadOld = false;
  });
  try {
    await rename(tmp, outDir);
  } catch (e) {
    await rm(tmp, { recursive: true, force: true });
    if (hadOld) await rename(old, outDir);
    throw e;
  }
  if (hadOld) await rm(old, { recursive: true, force: true });
}
