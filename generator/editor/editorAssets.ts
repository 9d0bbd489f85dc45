/**
 * The editor's browser code (ui/main.ts, plain TypeScript) bundled by esbuild into one script when first
 * asked for, and its stylesheet (ui/editor.css), which also places the pages' "Edit this page" link.
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

export const editorStyles = (): Promise<string> => readFile(path.join(uiDir, 'editor.css'), 'utf8');
