/**
 * The line a redirect was declared on, for its error: the config's line that names the old path, or
 * the front matter line of an entry's alias (else its `aliases:` line). Reads the file only when a
 * redirect is wrong.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ALIAS_FIELD, type LocateRedirect } from './redirectTable.ts';

export function locateRedirect(contentDir: string, configFile: string): LocateRedirect {
  return (source, value) => {
    const file = source.kind === 'config' ? configFile : source.file && path.join(contentDir, source.file);
    if (!file) return undefined;
    let lines: string[];
    try {
      lines = readFileSync(file, 'utf8').split('\n');
    } catch {
      return undefined;
    }
    // Front matter only (between the first two "---" lines): never a mention in the body.
    if (source.kind === 'alias') lines = lines.slice(0, Math.max(1, lines.indexOf('---', 1) + 1));
    const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const at = lines.findIndex((l) => new RegExp(`(^|[\\s'"\`\\[,])${escaped}($|[\\s'"\`\\],])`).test(l));
    if (at >= 0) return at + 1;
    const field = source.kind === 'alias' ? lines.findIndex((l) => l.startsWith(`${ALIAS_FIELD}:`)) : -1;
    return field >= 0 ? field + 1 : undefined;
  };
}
