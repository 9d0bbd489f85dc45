/**
 * The one list of stages, read from the source: build(), a shard and the merge run a path of the list
 * (they import no stage), `site dev` has no reading, body, search or social-image code of its own (it
 * imports nothing from those folders but names), and the build cache knows no feature (cache/ imports
 * nothing above core/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript-api';
import { describe, expect, it } from 'vitest';

const engine = path.resolve(import.meta.dirname, '../../../generator');

/** Every relative import of `file`: its target (relative to generator/), whether only types, and the names it takes. */
function importsOf(file: string): { target: string; typeOnly: boolean; names: string[] }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { target: string; typeOnly: boolean; names: string[] }[] = [];
  for (const node of source.statements) {
    if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier) || !node.moduleSpecifier.text.startsWith('.')) continue;
    const clause = node.importClause;
    const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : [];
    const values = named.filter((n) => !n.isTypeOnly).map((n) => n.name.text);
    const typeOnly = !!clause?.isTypeOnly || (!!clause && !clause.name && !!named.length && values.length === 0);
    found.push({ target: path.relative(engine, path.resolve(path.dirname(file), node.moduleSpecifier.text)), typeOnly, names: clause?.name ? ['default', ...values] : values });
  }
  return found;
}

const filesIn = (folder: string) =>
  readdirSync(path.join(engine, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));

describe('the pipeline', () => {
  it('is run by build(), a shard and the merge through a path of the one list: they import no stage', () => {
    for (const file of ['build.ts', 'buildSplit.ts']) {
      const stages = importsOf(path.join(engine, file)).filter((i) => !i.typeOnly && /^stages[\\/].*Stage\.ts$/.test(i.target));
      expect({ file, stages }).toEqual({ file, stages: [] });
    }
  });

  it("serves `site dev` from the stages: dev/ takes nothing from the reading, rendering, search, social-image or image code but names", () => {
    // Names of folders and files, and the thread's tables of translated regular expressions: no reading, body, search or image code.
    const NAMES = new Set(['IMAGE_FILE', 'COMPONENTS_DIR', 'SOCIAL_DIR', 'keepRegexTableIn', 'saveRegexTable']);
    const taken: string[] = [];
    for (const file of filesIn('dev')) {
      for (const i of importsOf(file)) {
        if (i.typeOnly || !/^(content|search|social|shards|images|render|cache[\\/]Pack)/.test(i.target)) continue;
        for (const name of i.names) if (!NAMES.has(name)) taken.push(`${path.relative(engine, file)}: ${name} from ${i.target}`);
      }
    }
    expect(taken).toEqual([]);
  });

  it('caches without knowing a feature: cache/ imports nothing but cache/ and core/', () => {
    const above: string[] = [];
    for (const file of filesIn('cache')) {
      for (const i of importsOf(file)) if (!/^(cache|core)[\\/]/.test(i.target)) above.push(`${path.relative(engine, file)} -> ${i.target}`);
    }
    expect(above).toEqual([]);
  });
});
