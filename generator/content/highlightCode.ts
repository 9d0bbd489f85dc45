/**
 * Highlighted code at build time: a fenced block's text in, the inside of its <code> element out, each
 * token a <span class="hl-…"> of one of a few token kinds (HIGHLIGHT_KINDS), never a style attribute (the
 * site's CSP forbids them). Both markdown engines reach it through the same markdown-it fence rule
 * (markdownFinish/siteMarkdownIt.ts), so both write the same HTML; highlightCss.ts gives the classes their colours.
 *
 * shiki tokenizes with its css-variables theme, whose colours are one variable per token kind, and
 * its JavaScript regex engine (no WASM). Markdown renders synchronously, in the main thread and in the
 * build's workers, so everything loads synchronously and lazily, once per thread: shiki on the first
 * block with a language (a page without one never loads it), each grammar on its first block. shiki is
 * ES modules only; Node 20.19+ require()s them (none has top-level await), and through createRequire
 * they stay out of the generator's esbuild bundles. A thread told where its table is (keepRegexTableIn)
 * builds the grammars' regular expressions from the translations of earlier builds (regexTable.ts).
 */
import { createRequire } from 'node:module';
import type { HighlighterCore } from 'shiki/core';
import { layerOff } from '../core/speedLayers.cjs';
import { engineTableFolder, RegexTable } from './regexTable.ts';

/** The token kinds shiki's css-variables theme tells apart: each is the class `hl-<kind>`. */
export const HIGHLIGHT_KINDS = ['keyword', 'string', 'string-expression', 'comment', 'constant', 'function', 'parameter', 'punctuation', 'link'] as const;
export type HighlightKind = (typeof HIGHLIGHT_KINDS)[number];

export interface HighlightOptions {
  /** More names for languages: fence name -> a language (or alias) shiki bundles, e.g. { npmrc: 'ini' }. */
  aliases?: Record<string, string>;
}

/** A fenced block's highlighting: its language's fence name in, the inside of its <code> out; null: plain. */
export type Highlighter = (code: string, lang: string) => string | null;

const THEME = 'site-highlight';
/** "var(--hl-token-keyword)" -> "hl-keyword"; the foreground (plain text) and anything else get no class. */
const CLASS_OF = new Map<string, string>(HIGHLIGHT_KINDS.map((kind) => [`var(--hl-token-${kind})`, `hl-${kind}`]));
/** Names shiki treats as plain text: nothing to load for them. */
const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext', '']);

interface Shiki {
  highlighter: HighlighterCore;
  /** Every name a fence may use (ids and aliases, lower case) -> the grammar's module name in @shikijs/langs. */
  grammars: Map<string, string>;
  /** Grammars loaded into the highlighter (by module name); those that failed to load are false. */
  loaded: Map<string, boolean>;
  /** Blocks highlighted already, by grammar and text: the same snippet on many pages is tokenized once. */
  done: Map<string, string | null>;
  /** How many blocks this thread has tokenized (the rest came from `done`). */
  tokenized: number;
  require: NodeJS.Require;
  /** The grammars' regular expressions as translated by earlier builds; null: translated here, by shiki. */
  table: RegexTable | null;
}

/** This thread's shiki, made on the first block that needs it. */
let shiki: Shiki | null = null;

/** Whether this thread has loaded shiki (for tests: a page without fenced code must not). */
export const shikiLoaded = (): boolean => shiki !== null;

/** Where this thread keeps its tables of translated regular expressions (keepRegexTableIn), the site's first. */
let tableFolders: string[] = [];

/**
 * Keeps this thread's translated regular expressions (regexTable.ts) in `folder`: the folder of the site
 * bundle the thread runs (runBundle.cjs: bundleFolder()), so a build with a new cache folder still finds
 * them; and in `shared`, the table of every site of this engine installation (by default
 * regexTable.ts: engineTableFolder(); null for none). `folder` null (the default: the generator run from
 * its source, as under vitest): no table, shiki translates them every time. Takes effect when the thread
 * loads shiki (its first highlighted block).
 */
export function keepRegexTableIn(folder: string | null, shared: string | null = folder === null ? null : engineTableFolder()): void {
  tableFolders = folder === null ? [] : [folder, ...(shared !== null && shared !== folder ? [shared] : [])];
}

/**
 * Writes the regular expressions this thread translated that its table lacked, once its blocks are
 * highlighted (the end of a build, a build worker asked to finish, a dev request answered). Returns how
 * many the file did not have; 0 without a table.
 */
export const saveRegexTable = (): number => shiki?.table?.save() ?? 0;

/** The work this thread's highlighting has done: grammars loaded, blocks tokenized (not remembered). */
export const highlightWork = (): { grammars: number; tokenized: number } => ({ grammars: shiki?.loaded.size ?? 0, tokenized: shiki?.tokenized ?? 0 });

/** This thread's table: its file, and how many patterns it found there and translated; null without one. */
export const regexTableUse = (): { file: string; found: number; translated: number } | null =>
  shiki?.table ? { file: shiki.table.file, ...shiki.table.counts } : null;

function loadShiki(): Shiki {
  const require = createRequire(import.meta.url);
  const core = require('shiki/core') as typeof import('shiki/core');
  const { createJavaScriptRegexEngine } = require('shiki/engine/javascript') as typeof import('shiki/engine/javascript');
  const { bundledLanguagesInfo } = require('shiki/langs') as typeof import('shiki/langs');
  // The grammars (and oniguruma-to-es) are shiki's dependencies: resolved from shiki itself.
  const shikiRequire = createRequire(require.resolve('shiki'));
  const table = tableFolders.length && !layerOff('regexTable') ? regexTable(tableFolders, shikiRequire) : null;
  const theme = core.createCssVariablesTheme({ name: THEME, variablePrefix: '--hl-', fontStyle: false });
  // forgiving: a pattern the JavaScript engine cannot run is skipped, never an error in the middle of a build.
  const engine = createJavaScriptRegexEngine({ forgiving: true, ...(table ? { regexConstructor: table.regExp } : {}) });
  const highlighter = core.createHighlighterCoreSync({ themes: [theme], langs: [], engine });
  const grammars = new Map<string, string>();
  for (const info of bundledLanguagesInfo) {
    grammars.set(info.id.toLowerCase(), info.id);
    for (const alias of info.aliases ?? []) grammars.set(alias.toLowerCase(), info.id);
  }
  return { highlighter, grammars, loaded: new Map(), done: new Map(), tokenized: 0, require: shikiRequire, table };
}

/** The tables in `folders`; null when shiki's engine no longer comes with oniguruma-to-es (then shiki translates, as without one). */
function regexTable(folders: string[], shikiRequire: NodeJS.Require): RegexTable | null {
  try {
    return new RegexTable(folders, shikiRequire);
  } catch {
    return null;
  }
}

/** The grammar a fence name stands for, loaded; null when shiki has none of that name (or it fails to load). */
function grammarFor(s: Shiki, name: string): string | null {
  const id = s.grammars.get(name.toLowerCase());
  if (id === undefined) return null;
  let ok = s.loaded.get(id);
  if (ok === undefined) {
    try {
      const { default: registrations } = s.require(`@shikijs/langs/${id}`) as typeof import('@shikijs/langs/javascript');
      s.highlighter.loadLanguageSync(registrations);
      ok = true;
    } catch {
      ok = false;
    }
    s.loaded.set(id, ok);
  }
  return ok ? id : null;
}

/** The languages shiki bundles, by every name a fence may use (loads shiki: for checking a site's aliases). */
export function knownLanguage(name: string): boolean {
  shiki ??= loadShiki();
  return shiki.grammars.has(name.toLowerCase());
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Text as HTML, escaped as markdown-it escapes a code block's text. */
export const escapeHtml = (text: string): string => (/[&<>"]/.test(text) ? text.replace(/[&<>"]/g, (c) => ESCAPES[c]!) : text);

/**
 * A highlighter for these options: `code` (the block's text, with its last line break) in, the inside of
 * its <code> element out, or null when the language is not one shiki bundles (the block stays plain).
 */
export function codeHighlighter(options: HighlightOptions = {}): Highlighter {
  const aliases = new Map(Object.entries(options.aliases ?? {}).map(([from, to]) => [from.toLowerCase(), to]));
  return function highlight(code: string, lang: string): string | null {
    const name = aliases.get(lang.toLowerCase()) ?? lang;
    if (PLAIN.has(name.toLowerCase())) return null;
    shiki ??= loadShiki();
    const id = grammarFor(shiki, name);
    if (id === null) return null;
    const key = code.length <= MEMO_CHARS ? `${id}\n${code}` : null;
    const done = key === null ? undefined : shiki.done.get(key);
    if (done !== undefined) return done;
    const html = tokenize(shiki.highlighter, code, id);
    shiki.tokenized += 1;
    if (key !== null) {
      if (shiki.done.size >= MEMO_BLOCKS) shiki.done.clear();
      shiki.done.set(key, html);
    }
    return html;
  };
}

/** Longer lines (minified code, say) are not tokenized: they stay plain text. */
export const MAX_LINE = 1000;

/** How many blocks of up to how many characters a thread remembers: a few MB at most. */
const MEMO_BLOCKS = 2000;
const MEMO_CHARS = 2000;

/** A block's tokens as HTML; null when the grammar cannot tokenize this text (plain, as without highlighting). */
function tokenize(highlighter: HighlighterCore, code: string, id: string): string | null {
  let lines;
  try {
    // No time limit: shiki's default (500 ms a line) leaves the rest of a line plain when a busy machine
    // is slow to compile a grammar's patterns on first use, and the same page would come out differently.
    // Lines longer than MAX_LINE stay plain instead, whatever the machine.
    lines = highlighter.codeToTokens(code, { lang: id, theme: THEME, tokenizeTimeLimit: 0, tokenizeMaxLineLength: MAX_LINE }).tokens;
  } catch {
    return null;
  }
  let html = '';
  lines.forEach((line, i) => {
    if (i > 0) html += '\n';
    // Neighbouring tokens of one kind share a span.
    let open = '';
    let text = '';
    for (const token of line) {
      // White space takes the kind before it: fewer spans, the same colours.
      const cls = text && !/\S/.test(token.content) ? open : (token.color && CLASS_OF.get(token.color)) || '';
      if (cls !== open && text) {
        html += open ? `<span class="${open}">${escapeHtml(text)}</span>` : escapeHtml(text);
        text = '';
      }
      open = cls;
      text += token.content;
    }
    if (text) html += open ? `<span class="${open}">${escapeHtml(text)}</span>` : escapeHtml(text);
  });
  return html;
}

/** A highlighted block as both engines write it: the <pre> marked `hl` (highlightCss.ts), the language's class kept. */
export const highlightedBlock = (inner: string, lang: string): string => `<pre class="hl"><code class="language-${escapeHtml(lang)}">${inner}</code></pre>`;
