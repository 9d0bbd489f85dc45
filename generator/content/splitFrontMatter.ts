/**
 * Splits a markdown file into its YAML front matter and its body, the way
 * gray-matter does (without its costs for a build of thousands of articles:
 * it copies every file into a Buffer and runs an excerpt pass, which costs
 * more than the YAML parse itself). js-yaml 4's
 * load() is safe: no !!js types, so no JavaScript parser loaded either;
 * dates stay the text written (contentYamlSchema.ts).
 *
 * Front matter is present when the file starts with "---" (not "----"),
 * optionally followed by a language name, which must be yaml; it ends at
 * the next line that starts with "---", or at the end of the file. The
 * body starts after that line's "---" and one line break. A leading BOM
 * is ignored. Pure.
 */
import yaml from 'js-yaml';
import { contentYamlSchema } from './contentYamlSchema.ts';

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
  const blank = matter.replace(/^\s*#[^\n]+/gm, '').trim() === '';
  return { data: blank ? {} : (yaml.load(matter, { schema: contentYamlSchema }) ?? {}), matter, body };
}
