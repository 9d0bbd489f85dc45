/**
 * The engine's shape, read from its source: no import cycle between the folders of generator/ (value
 * imports; `import type` is erased), and no function longer than 120 lines. The embedded backend is
 * sealed (it imports nothing outside generator/backend/) and is measured by its own tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript-api';
import { describe, expect, it } from 'vitest';

const engine = path.resolve(import.meta.dirname, '../../../generator');
const SOURCE = /\.(ts|tsx|mts|cts)$/;

/** Engine source files outside the backend and the starter site `site init` copies. */
function engineFiles(): string[] {
  return readdirSync(engine, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !e.name.endsWith('.d.ts') && !e.name.endsWith('.d.mts') && !e.name.endsWith('.d.cts'))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => !/[\\/](backend|init[\\/]template)[\\/]/.test(path.relative(engine, f).replace(/^/, '/')));
}

const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** The folder of generator/ a file is in (a file at its top stands for itself). */
const folderOf = (file: string) => {
  const parts = path.relative(engine, file).split(path.sep);
  // A file at the top is a node of its own: build.ts (the API) sits above everything, config.ts low.
  return parts.length > 1 ? parts[0]! : parts[0]!;
};

/** Relative imports whose value is used at run time (not `import type`, not all-type named imports). */
function valueImports(source: ts.SourceFile): string[] {
  const found: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      if (clause && !clause.name && named && named.length && named.every((n) => n.isTypeOnly)) continue;
      found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    }
  }
  return found.filter((s) => s.startsWith('.'));
}

/** Strongly connected components of more than one folder (Tarjan). */
function cycles(edges: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do component.push((w = stack.pop()!));
      while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the engine', () => {
  const files = engineFiles();

  it('has no import cycle between the folders of generator/', () => {
    const edges = new Map<string, Set<string>>();
    const why: string[] = [];
    for (const file of files) {
      for (const spec of valueImports(parse(file))) {
        const target = path.resolve(path.dirname(file), spec);
        if (!target.startsWith(engine)) continue;
        const [from, to] = [folderOf(file), folderOf(target)];
        if (from === to) continue;
        if (!edges.has(from)) edges.set(from, new Set());
        edges.get(from)!.add(to);
        why.push(`${path.relative(engine, file)} -> ${path.relative(engine, target)}`);
      }
    }
    const found = cycles(edges);
    const inCycle = (line: string) => found.some((c) => c.includes(folderOf(path.join(engine, line.split(' -> ')[0]!))) && c.includes(folderOf(path.join(engine, line.split(' -> ')[1]!))));
    expect({ cycles: found, imports: found.length ? why.filter(inCycle) : [] }).toEqual({ cycles: [], imports: [] });
  });

  it('has no function longer than 120 lines', () => {
    const long: string[] = [];
    for (const file of files) {
      const source = parse(file);
      const visit = (node: ts.Node) => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          if (end - start + 1 > 120) long.push(`${path.relative(engine, file)}:${start + 1} ${end - start + 1} lines`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(long).toEqual([]);
  });
});
