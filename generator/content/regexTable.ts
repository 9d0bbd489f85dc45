/**
 * shiki's regular expressions, kept between builds. shiki's JavaScript engine has each thread translate
 * every Oniguruma pattern of a grammar into a JavaScript one (oniguruma-to-es: parse, transform, generate)
 * on the grammar's first block: most of a thread's highlighting setup. The translation depends only on the
 * pattern, the versions of shiki and oniguruma-to-es, the options shiki passes and the JavaScript engine
 * (target 'auto' writes the newest syntax V8 supports), so a thread keeps it in tables: JSON files whose
 * name carries a hash of all of those, so a table made by another version is never read. A site's table
 * lives beside its bundle, as V8's code cache does (runBundle.cjs), and travels with its .site/ (a CI
 * cache); the engine's (engineTableFolder) is shared by every site this engine installation builds, so a
 * new site, or one whose .site/ is gone, starts with the patterns another site's builds translated. A
 * pattern found in either is built as oniguruma-to-es's toRegExp builds it; one missing is translated, and
 * once its work is done (save) the thread writes every pattern it used into each table that lacks it,
 * merged with the table as it is on disk by then. A table that cannot be read, or is not one, is ignored;
 * one that cannot be written costs the next build its speed, never its output.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { engineTempDir } from '../bundleStore.mjs';
import { generatorRoot } from '../cache/sourceKey.ts';
import { writeFileAtomic } from '../core/writeFileAtomic.ts';

/** How oniguruma-to-es builds an emulated pattern (its EmulatedRegExpOptions): plain JSON. */
type EmulationOptions = Record<string, unknown>;
/** A pattern's translation, as toRegExpDetails returns it, or the error it gave (shiki skips that pattern). */
type Translation = { pattern: string; flags: string; options?: EmulationOptions } | { error: string };

interface OnigurumaToEs {
  toRegExpDetails(pattern: string, options: typeof TRANSLATE): { pattern: string; flags: string; options?: EmulationOptions };
  EmulatedRegExp: new (pattern: string, flags: string, options: EmulationOptions) => RegExp;
}

/**
 * What shiki's defaultJavaScriptRegexConstructor passes to oniguruma-to-es's toRegExp
 * (@shikijs/engine-javascript, engine-compile.mjs), with createJavaScriptRegexEngine's default target.
 * tests/unit/content/regexTable.test.ts checks that the HTML is the same as with shiki's own constructor.
 */
const TRANSLATE = {
  global: true,
  hasIndices: true,
  lazyCompileLength: 3e3,
  rules: { allowOrphanBackrefs: true, asciiWordBoundaries: true, captureGroup: true, recursionLimit: 5, singleline: true },
  target: 'auto',
} as const;

/** The table's file name in its folder: `shiki-regex-<key>.json`. */
export const TABLE_PREFIX = 'shiki-regex-';

/**
 * Most patterns a table holds. A grammar has a few hundred, but an end pattern that refers back to its
 * begin (a heredoc's, say) is made from the text it matched, so documents add patterns of their own: a
 * table that would outgrow this starts again from what the thread writing it translated.
 */
export const MAX_PATTERNS = 20_000;

/** The package.json of the package `name` whose entry is `main` (oniguruma-to-es exports none of its own). */
function packageVersion(main: string, name: string): string {
  for (let dir = path.dirname(main); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name && pkg.version) return pkg.version;
    } catch {
      /* no package.json here: one folder up */
    }
  }
  throw new Error(`no package.json of ${name} above ${main}`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const isTranslation = (v: unknown): v is Translation =>
  isObject(v) &&
  (typeof v.error === 'string'
    ? Object.keys(v).length === 1
    : typeof v.pattern === 'string' && typeof v.flags === 'string' && (v.options === undefined || isObject(v.options)));

/** The table in `file` if it is one made for `key`: { key, patterns: { pattern: translation } }; else null. */
function readTable(file: string, key: string): Map<string, Translation> | null {
  try {
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isObject(data) || data.key !== key || !isObject(data.patterns)) return null;
    const table = new Map<string, Translation>();
    for (const [pattern, t] of Object.entries(data.patterns)) {
      if (!isTranslation(t)) return null;
      table.set(pattern, t);
    }
    return table;
  } catch {
    return null;
  }
}

/**
 * The folder of the table every site of this engine installation shares: its private folder in the OS
 * temp folder (bundleStore.mjs), where its bundles are kept; null when there is none that is safe to use.
 */
export function engineTableFolder(): string | null {
  return engineTempDir(generatorRoot);
}

export class RegexTable {
  /** The table's file: the first folder's (the site's). */
  readonly file: string;
  /** Every table's file, the first folder's first. */
  private readonly files: string[];
  private readonly key: string;
  private readonly lib: OnigurumaToEs;
  /** Read on the first pattern: every table's patterns. */
  private known: Map<string, Translation> | null = null;
  /** The patterns this thread used since the last save, found or translated. */
  private used = new Map<string, Translation>();
  /** Patterns this thread found in a table, and those it translated. */
  readonly counts = { found: 0, translated: 0 };

  /**
   * The tables of this version in `folders` (the site's first, then the engine's). `shikiRequire` resolves
   * from shiki's package: oniguruma-to-es is a dependency of shiki's JavaScript engine
   * (@shikijs/engine-javascript), not of the engine's.
   */
  constructor(folders: string[], shikiRequire: NodeJS.Require) {
    const engine = createRequire(shikiRequire.resolve('@shikijs/engine-javascript'));
    const main = engine.resolve('oniguruma-to-es');
    this.lib = engine(main) as OnigurumaToEs;
    const versions = {
      shiki: (shikiRequire('shiki/package.json') as { version: string }).version,
      'oniguruma-to-es': packageVersion(main, 'oniguruma-to-es'),
      v8: process.versions.v8,
      options: TRANSLATE,
    };
    this.key = createHash('sha256').update(JSON.stringify(versions)).digest('hex').slice(0, 16);
    this.files = folders.map((folder) => path.join(folder, `${TABLE_PREFIX}${this.key}.json`));
    this.file = this.files[0]!;
  }

  /** Every table's patterns, the first table's translation where two have one. */
  private read(): Map<string, Translation> {
    const known = new Map<string, Translation>();
    for (const file of [...this.files].reverse()) for (const [pattern, t] of readTable(file, this.key) ?? []) known.set(pattern, t);
    return known;
  }

  /** The RegExp shiki's own constructor makes of `pattern` (createJavaScriptRegexEngine's regexConstructor); throws as it does. */
  readonly regExp = (pattern: string): RegExp => {
    this.known ??= this.read();
    let t = this.known.get(pattern);
    if (t) this.counts.found++;
    else {
      this.counts.translated++;
      try {
        t = this.lib.toRegExpDetails(pattern, TRANSLATE);
      } catch (e) {
        t = { error: String((e as Error)?.message ?? e) };
      }
      this.known.set(pattern, t);
    }
    this.used.set(pattern, t);
    if ('error' in t) throw new Error(t.error);
    // As toRegExp builds it.
    return t.options ? new this.lib.EmulatedRegExp(t.pattern, t.flags, t.options) : new RegExp(t.pattern, t.flags);
  };

  /**
   * Writes the patterns this thread used since the last save into each table that lacks some of them,
   * merged with the file as it is now (another thread or process may have written it meanwhile),
   * atomically. Returns how many the first table (the site's) lacked: 0 when it has them all already
   * (another thread of the build wrote them first: nothing is written), or its folder cannot be written
   * (the next build finds them in the engine's table, or translates them again).
   */
  save(): number {
    if (!this.used.size) return 0;
    const used = this.used;
    this.used = new Map();
    return this.files.map((file) => this.saveTo(file, used))[0]!;
  }

  /** `used` merged into the table in `file`: how many it lacked, or 0 when it cannot be written. */
  private saveTo(file: string, used: Map<string, Translation>): number {
    let merged = readTable(file, this.key) ?? new Map<string, Translation>();
    const missing = [...used.keys()].filter((pattern) => !merged.has(pattern)).length;
    if (!missing) return 0;
    if (merged.size + missing > MAX_PATTERNS) merged = new Map();
    for (const [pattern, t] of used) merged.set(pattern, t);
    try {
      writeFileAtomic(file, JSON.stringify({ key: this.key, patterns: Object.fromEntries(merged) }));
      return missing;
    } catch {
      return 0;
    }
  }
}
