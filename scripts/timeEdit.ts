/**
 * One edit's latency in `site dev`: append a paragraph with a fresh marker to `file` and poll `url` until the
 * served HTML holds it. Milliseconds from the write to that answer. Used by the dev benches.
 */
import { writeFile } from 'node:fs/promises';

export async function timeEdit(file: string, original: string, url: string, i: number, maxPolls: number): Promise<number> {
  const marker = `bench-marker-${i}-${Math.random().toString(36).slice(2)}`;
  const started = performance.now();
  await writeFile(file, `${original}\n\nEdited paragraph ${marker}.\n`);
  for (let n = 0; ; n++) {
    const html = await (await fetch(url)).text();
    if (html.includes(marker)) break;
    if (n === maxPolls) throw new Error(`edit ${i} was never served`);
    await new Promise((r) => setTimeout(r, 2));
  }
  return performance.now() - started;
}
