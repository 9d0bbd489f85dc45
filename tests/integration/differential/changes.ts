/**
 * A change to a site's folder as plain data (what a case adds to a fixture, and each edit of a sequence),
 * and the one function that makes it on disk. Paths are relative to the site's folder.
 */
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

export type Change =
  | { kind: 'write'; file: string; text: string }
  | { kind: 'delete'; file: string }
  | { kind: 'rename'; from: string; to: string }
  /** Sets a front matter field to a YAML value (`"a title"`, `true`, `3`), adding it when missing. */
  | { kind: 'field'; file: string; field: string; value: string }
  | { kind: 'append'; file: string; text: string }
  /** The first `a` becomes `b`; once there is no `a`, the first `b` becomes `a` again. */
  | { kind: 'toggle'; file: string; a: string; b: string }
  /** A solid image drawn with sharp. */
  | { kind: 'image'; file: string; width: number; height: number; color: string; format: 'png' | 'jpeg' }
  /** A file of this repository (`from`, relative to its root) copied in. */
  | { kind: 'copy'; from: string; to: string }
  /** site.config.ts: imports at its top, plugins put first in `plugins`, fields added at its end. */
  | { kind: 'config'; imports: string[]; plugins: string[]; fields: string[] };

/** One line naming a change, for a failure's report. */
export function describeChange(c: Change): string {
  switch (c.kind) {
    case 'write':
    case 'delete':
    case 'append':
      return `${c.kind} ${c.file}`;
    case 'rename':
      return `rename ${c.from} -> ${c.to}`;
    case 'field':
      return `field ${c.file} ${c.field}: ${c.value}`;
    case 'toggle':
      return `toggle ${c.file} ${JSON.stringify(c.a)} <-> ${JSON.stringify(c.b)}`;
    case 'image':
      return `image ${c.file} ${c.width}x${c.height}`;
    case 'copy':
      return `copy ${c.from} -> ${c.to}`;
    case 'config':
      return `config ${[...c.plugins.map((p) => `plugin ${p}`), ...c.fields.map((f) => f.split(':')[0]!.trim())].join(', ')}`;
  }
}

/** The front matter with `field` set to `value` (a YAML scalar), added before its closing line when missing. Pure. */
export function setField(text: string, field: string, value: string): string {
  const end = text.indexOf('\n---', 4);
  if (!text.startsWith('---\n') || end < 0) throw new Error(`no front matter to set ${field} in`);
  const head = text.slice(0, end);
  const line = new RegExp(`^${field}:.*$`, 'm');
  return (line.test(head) ? head.replace(line, `${field}: ${value}`) : `${head}\n${field}: ${value}`) + text.slice(end);
}

/** site.config.ts with `change` made (its last line is the `});` that closes defineConfig). Pure. */
export function editConfig(text: string, change: Extract<Change, { kind: 'config' }>): string {
  let out = text;
  if (change.plugins.length) {
    out = /\bplugins: \[/.test(out)
      ? out.replace(/\bplugins: \[/, `plugins: [${change.plugins.map((p) => `${p}, `).join('')}`)
      : out.replace(/\n\}\);\s*$/, `\n  plugins: [${change.plugins.join(', ')}],\n});\n`);
  }
  for (const field of change.fields) out = out.replace(/\n\}\);\s*$/, `\n  ${field},\n});\n`);
  if (!out.trimEnd().endsWith('});')) throw new Error('site.config.ts does not end with the `});` of defineConfig');
  return `${change.imports.join('\n')}\n${out}`;
}

export async function applyChange(root: string, c: Change): Promise<void> {
  const at = (file: string) => path.join(root, file);
  const edit = async (file: string, fn: (text: string) => string) => writeFile(at(file), fn(await readFile(at(file), 'utf8')));
  switch (c.kind) {
    case 'write':
      await mkdir(path.dirname(at(c.file)), { recursive: true });
      return writeFile(at(c.file), c.text);
    case 'delete':
      return rm(at(c.file));
    case 'rename':
      return rename(at(c.from), at(c.to));
    case 'field':
      return edit(c.file, (t) => setField(t, c.field, c.value));
    case 'append':
      return edit(c.file, (t) => `${t.trimEnd()}\n\n${c.text}\n`);
    case 'toggle':
      return edit(c.file, (t) => {
        if (t.includes(c.a)) return t.replace(c.a, c.b);
        if (t.includes(c.b)) return t.replace(c.b, c.a);
        throw new Error(`${c.file} holds neither ${JSON.stringify(c.a)} nor ${JSON.stringify(c.b)}`);
      });
    case 'image': {
      await mkdir(path.dirname(at(c.file)), { recursive: true });
      const img = sharp({ create: { width: c.width, height: c.height, channels: 3, background: c.color } });
      await (c.format === 'png' ? img.png() : img.jpeg()).toFile(at(c.file));
      return;
    }
    case 'copy':
      await mkdir(path.dirname(at(c.to)), { recursive: true });
      return cp(path.join(repo, c.from), at(c.to));
    case 'config':
      return edit('site.config.ts', (t) => editConfig(t, c));
  }
}

export async function applyChanges(root: string, changes: readonly Change[]): Promise<void> {
  for (const c of changes) await applyChange(root, c);
}
