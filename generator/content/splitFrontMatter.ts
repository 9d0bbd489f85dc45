/**
 * Splits a markdown file into its YAML front matter and its body, the way
 * gray-matter does (the site used it until the build had to read 4,000
 * articles: it copies every file into a Buffer and runs an excerpt pass,
 * which made it three times slower than the YAML parse itself). js-yaml 4's
 * load() is safe: no !!js types, so no JavaScript parser loaded either.
 *
 * Front matter is present when the file starts with "---" (not "----"),
 * optionally followed by a language name, which must be yaml; it ends at
 * the next line that starts with "---", or at the end of the file. The
 * body starts after that line's "---" and one line break. A leading BOM
 * is ignored. Pure.
 */
import yaml from 'js-yaml';
import { layerOff } from '../speedLayers.cjs';

export interface FrontMatter {
  /** The parsed YAML ({} when there is none, or only comments and blanks). */
  data: unknown;
  /** The raw YAML, starting with the line break after the opening "---" (so its line i is the file's line i + 1). */
  matter: string;
  body: string;
}

const OPEN = '---';
const CLOSE = '\n---';

/** Throws js-yaml's error for malformed YAML, and an Error naming the language for front matter that is not YAML. */
export function splitFrontMatter(source: string): FrontMatter {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  if (!text.startsWith(OPEN) || text[OPEN.length] === '-') return { data: {}, matter: '', body: text };
  let rest = text.slice(OPEN.length);
  const eol = rest.search(/\r?\n/);
  const language = rest.slice(0, eol < 0 ? rest.length : eol);
  if (language.trim() !== '' && language.trim() !== 'yaml') throw new Error(`front matter in "${language.trim()}" is not supported: write YAML`);
  rest = rest.slice(language.length);
  const close = rest.indexOf(CLOSE);
  const matter = close < 0 ? rest : rest.slice(0, close);
  let body = close < 0 ? '' : rest.slice(close + CLOSE.length);
  if (body[0] === '\r') body = body.slice(1);
  if (body[0] === '\n') body = body.slice(1);
  const simple = layerOff('plainPairs') ? undefined : plainPairs(matter);
  if (simple) return { data: simple, matter, body };
  const blank = matter.replace(/^\s*#[^\n]+/gm, '').trim() === '';
  return { data: blank ? {} : (yaml.load(matter) ?? {}), matter, body };
}

/**
 * One line of the only front matter the fast path reads: `key: "text"`, one space after the colon, a
 * double-quoted value with no escape, control character, lone surrogate or non-character, nothing after
 * it but spaces or tabs. YAML reads such a line as the string between the quotes.
 */
const PLAIN_PAIR = /^([A-Za-z][A-Za-z0-9_-]*): "((?:[^"\\\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]|[\ud800-\udbff][\udc00-\udfff])*)"[ \t]*$/;

/** Keys YAML reads as a boolean or null (`True:` is the key "true"). */
const NOT_STRING_KEY = /^(?:true|false|null|True|False|Null|TRUE|FALSE|NULL)$/;

/**
 * The front matter as js-yaml would load it, when every line is blank or a plain pair (PLAIN_PAIR), no
 * key repeats and there is at least one; otherwise undefined (js-yaml reads it). Every article this
 * generator was given so far is written that way, so js-yaml's parser seldom runs (it is also the
 * code V8 would spend the most time optimizing while thousands of articles are read).
 */
export function plainPairs(matter: string): Record<string, string> | undefined {
  const data: Record<string, string> = {};
  let count = 0;
  let start = 0;
  while (start <= matter.length) {
    let end = matter.indexOf('\n', start);
    if (end < 0) end = matter.length;
    const line = matter.slice(start, matter.charCodeAt(end - 1) === 13 && end > start ? end - 1 : end);
    start = end + 1;
    if (line === '') continue;
    const pair = PLAIN_PAIR.exec(line);
    if (!pair || Object.hasOwn(data, pair[1]!) || NOT_STRING_KEY.test(pair[1]!)) return undefined;
    data[pair[1]!] = pair[2]!;
    count++;
  }
  return count ? data : undefined;
}
