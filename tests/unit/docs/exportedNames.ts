/**
 * The names a module exports, values and types, as the TypeScript compiler resolves them (re-exports and
 * `export *` followed), with the repository's compiler options (tsconfig.json).
 */
import path from 'node:path';
import ts from 'typescript-api';

export interface ExportedName {
  name: string;
  kind: 'value' | 'type';
  /** The entry file (relative to the root) that exports it. */
  file: string;
}

export function exportedNames(root: string, files: readonly string[]): ExportedName[] {
  const configFile = path.join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configFile);
  const program = ts.createProgram(
    files.map((f) => path.join(root, f)),
    { ...options, noEmit: true },
  );
  const checker = program.getTypeChecker();
  return files.flatMap((file) => {
    const source = program.getSourceFile(path.join(root, file));
    if (!source) throw new Error(`${file}: no such entry file`);
    const module = checker.getSymbolAtLocation(source);
    if (!module) return [];
    return checker.getExportsOfModule(module).map((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return { name: symbol.name, kind: target.flags & ts.SymbolFlags.Value ? 'value' : 'type', file } as const;
    });
  });
}
