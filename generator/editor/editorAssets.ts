/**
 * The editor's browser code (ui/main.ts, plain TypeScript) bundled by esbuild into one script when first
 * asked for, and its stylesheets (ui/editor.css, which also places the pages' "Edit this page" link, and ui/editorViews.css).
 */
import * as esbuild from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { generatorRoot } from '../cache/sourceKey.ts';

const uiDir = path.join(generatorRoot, 'generator', 'editor', 'ui');
let script: Promise<string> | undefined;

export function editorScript(): Promise<string> {
  script ??= esbuild
    .build({ entryPoints: [path.join(uiDir, 'main.ts')], bundle: true, write: false, format: 'esm', target: 'es2022', minify: true, logLevel: 'silent' })
    .then((r) => r.outputFiles[0]!.text);
  script.catch(() => (script = undefined));
  return script;
}

/** The stylesheets, one after the other: the page and its form, then the views beyond it. */
export const editorStyles = async (): Promise<string> =>
  (await Promise.all(['editor.css', 'editorViews.css'].map((f) => readFile(path.join(uiDir, f), 'utf8')))).join('\n');
