/**
 * What the build checks and the JavaScript budgets need to know about one
 * rendered page, taken from its HTML in a single pass. The summary is plain
 * data (structured-cloneable, JSON-safe), so a render worker can make it
 * next to the page and send only it to the main thread, and the cache can
 * store it. Page-local problems come already formatted; the cross-page
 * checks (links and anchors, duplicate heads, noindex in the sitemap) work
 * from the rest. Pure.
 *
 * The scanner is made for the HTML this generator writes (React and
 * markdown-it output: double-quoted attributes, `&amp;` `&quot;` `&#x27;`
 * `&lt;` `&gt;` entities, no `<` in text) but copes with single-quoted,
 * unquoted and boolean attributes, uppercase names, a `>` inside a quoted
 * value and comments. It walks `<` to `<` with indexOf and reads only the
 * attributes the checks ask about; values are sliced and entity-decoded only
 * when used.
 */
import type { PageIslands } from '../assets/jsBudget.ts';
import { requiredJsonLd } from './requiredJsonLd.ts';
import { jsonLdRules, type JsonLdRules } from './jsonLdRules.ts';
import { decodeEntities } from './decodeEntities.ts';

/** Names of the checks that need nothing but the page itself. */
export const localChecks = ['missingAlt', 'invalidJsonLd', 'inlineCode'] as const;
export type LocalCheck = (typeof localChecks)[number];

export interface PageSummary {
  url: string;
  /** Text of the first <title>, trimmed, as written (entities not decoded); '' when missing. */
  title: string;
  /** content of the first <meta name="description">, decoded and trimmed; '' when missing. */
  description: string;
  /** A <meta name="robots"> says noindex. */
  noindex: boolean;
  /** Every id attribute, in document order. */
  ids: string[];
  /**
   * Internal references to verify, in document order, each as "tag ref" ("a /about#team",
   * "img /logo.svg"): <a>/<link> href, <img>/<script> src, entities decoded; external
   * (http(s):, mailto:, tel:, data:), empty and rel=canonical/alternate ones left out.
   * Strings rather than objects: a summary crosses from a worker for every page.
   */
  refs: string[];
  /** data-island / data-hydrate pairs, in document order (hydrate defaults to "load"). */
  islands: PageIslands[];
  /** Problems found in this page alone, as the check reports them; a key is present only when it has problems. */
  problems: Partial<Record<LocalCheck, string[]>>;
}


/**
 * A copy of `s` that shares no memory with the HTML it was cut from. V8 makes a slice of 13 or more
 * characters a view into its string (and `a + b` a pair of pointers), so a summary made of slices would
 * keep its page's markup alive until the build ends, and on a VM fresh memory is dear. Slicing a new
 * concatenation copies the characters once; internalizing (a property key) also copies, but costs far
 * more per new string.
 */
export function own(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1); // V8 copies shorter slices and concatenations itself
}

/** The decoded value at [s, e), or undefined when the attribute is absent (s < 0). */
const valueAt = (html: string, s: number, e: number) => (s < 0 ? undefined : decodeEntities(html.slice(s, e)));

const external = /^(https?:|mailto:|tel:|data:)/;
const javascriptUrl = /^\s*javascript:/i;
const islandName = /^[A-Za-z]+$/;
const hydrateName = /^[a-z]+$/;
const LD_JSON = 'application/ld+json';

/** Whitespace as HTML (and the old regex scanner's \s) separates attributes. */
const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13 || c === 12;
const isAlpha = (c: number) => (c | 32) >= 97 && (c | 32) <= 122;
/** Tag-name characters after the first: letters, digits, '_', '-'. */
const isNameChar = (c: number) => isAlpha(c) || (c >= 48 && c <= 57) || c === 95 || c === 45;

/** html[start, start + word.length) equals word (lowercase ASCII letters and '-'), ignoring case. */
function is(html: string, start: number, len: number, word: string): boolean {
  if (len !== word.length) return false;
  for (let k = 0; k < len; k++) if ((html.charCodeAt(start + k) | 32) !== word.charCodeAt(k)) return false;
  return true;
}

/** An on* attribute name (onclick, onLoad…): "on" and letters only. */
function isHandler(html: string, start: number, len: number): boolean {
  if (len < 3 || (html.charCodeAt(start) | 32) !== 111 || (html.charCodeAt(start + 1) | 32) !== 110) return false;
  for (let k = 2; k < len; k++) if (!isAlpha(html.charCodeAt(start + k))) return false;
  return true;
}

// Tags whose attributes the checks read.
const OTHER = 0, A = 1, LINK = 2, IMG = 3, SCRIPT = 4, META = 5, STYLE = 6;
const kinds = new Map([['a', A], ['link', LINK], ['img', IMG], ['script', SCRIPT], ['meta', META], ['style', STYLE]]);

/**
 * What the checks need of a piece of HTML, before it is known which page it belongs to: problems
 * are worded without the page's URL. A page's summary merges those of its parts, in order.
 */
export interface FragmentScan {
  /** Text of the first <title>, when the piece has one. */
  title?: string;
  /** content of the first <meta name="description">, when the piece has one. */
  description?: string;
  noindex: boolean;
  ids: string[];
  refs: string[];
  islands: PageIslands[];
  problems: Partial<Record<LocalCheck, string[]>>;
}

const emptyScan = (): FragmentScan => ({ noindex: false, ids: [], refs: [], islands: [], problems: {} });

/** One piece of a page (e.g. the footer every page shares), scanned once for all the pages that show it. */
export function scanFragment(html: string, rules: JsonLdRules = jsonLdRules): FragmentScan {
  rulesNow = rules;
  const into = emptyScan();
  scan(html, into);
  return into;
}

/** Appends a later piece's findings to a page's (title and description: the first one wins). */
function merge(into: FragmentScan, piece: FragmentScan): void {
  into.title ??= piece.title;
  into.description ??= piece.description;
  into.noindex ||= piece.noindex;
  into.ids.push(...piece.ids);
  into.refs.push(...piece.refs);
  into.islands.push(...piece.islands);
  for (const check of localChecks) {
    const list = piece.problems[check];
    if (list) (into.problems[check] ??= []).push(...list);
  }
}

/**
 * A page's summary from its HTML, or from its parts: its own markup as strings, and pieces it shares
 * with other pages already scanned (generator/render/SharedFragments.tsx).
 */
export function summarizePage(url: string, page: string | readonly (string | { scan: FragmentScan })[], rules: JsonLdRules = jsonLdRules): PageSummary {
  rulesNow = rules;
  const acc = emptyScan();
  for (const part of typeof page === 'string' ? [page] : page) {
    if (typeof part === 'string') scan(part, acc);
    else merge(acc, part.scan);
  }
  const problems: PageSummary['problems'] = {};
  for (const check of localChecks) {
    const list = acc.problems[check];
    if (list) problems[check] = list.map((m) => `${url}: ${m}`);
  }
  return {
    url,
    title: acc.title ?? '',
    description: acc.description ?? '',
    noindex: acc.noindex,
    ids: acc.ids,
    refs: acc.refs,
    islands: acc.islands,
    problems,
  };
}

/**
 * One start tag as readTag() found it: its name, and [start, end) of the few attribute values the
 * checks read (-1 = absent). One object, reused for every tag (a scan does not nest).
 */
interface TagScan {
  name: string;
  kind: number;
  /** Index just past the name: a <title> with no attributes ends there. */
  nameEnd: number;
  idS: number;
  idE: number;
  hrefS: number;
  hrefE: number;
  srcS: number;
  srcE: number;
  relS: number;
  relE: number;
  typeS: number;
  typeE: number;
  nameS: number;
  nameE: number;
  contentS: number;
  contentE: number;
  islandS: number;
  islandE: number;
  hydrateS: number;
  hydrateE: number;
  hasAlt: boolean;
  /** Inline style and handler attributes, worded for the inlineCode check. */
  problems: string[] | undefined;
}

const tag: TagScan = {
  name: '', kind: OTHER, nameEnd: 0, idS: -1, idE: -1, hrefS: -1, hrefE: -1, srcS: -1, srcE: -1, relS: -1, relE: -1, typeS: -1, typeE: -1,
  nameS: -1, nameE: -1, contentS: -1, contentE: -1, islandS: -1, islandE: -1, hydrateS: -1, hydrateE: -1, hasAlt: false, problems: undefined,
};

/**
 * Scans one piece of HTML into `into`. The work is split in small functions (the loop, readTag,
 * recordTag): V8 optimizes each hot function once per thread, and one long function cost its
 * optimizing compiler far more, several times a build, in each thread.
 */
function scan(html: string, into: FragmentScan): void {
  const n = html.length;
  let pos = 0;
  while (pos < n) {
    const lt = html.indexOf('<', pos);
    if (lt < 0 || lt + 1 >= n) break;
    const first = html.charCodeAt(lt + 1);
    if (!isAlpha(first)) {
      // End tag, doctype, comment or a stray '<': nothing to read. Comments are skipped whole.
      if (first === 33 && html.startsWith('<!--', lt)) {
        const end = html.indexOf('-->', lt + 4);
        pos = end < 0 ? n : end + 3;
      } else pos = lt + 1;
      continue;
    }
    pos = recordTag(html, readTag(html, lt), into);
  }
}

/** Reads the start tag at `lt` into `tag`; returns the index of its '>' (or the end of `html`). */
function readTag(html: string, lt: number): number {
  const n = html.length;
  let i = lt + 2;
  let upper = html.charCodeAt(lt + 1) < 97;
  for (; i < n; i++) {
    const c = html.charCodeAt(i);
    if (!isNameChar(c)) break;
    if (c >= 65 && c <= 90) upper = true;
  }
  const rawName = html.slice(lt + 1, i);
  tag.name = upper ? rawName.toLowerCase() : rawName;
  tag.kind = kinds.get(tag.name) ?? OTHER;
  tag.nameEnd = i;
  tag.idS = tag.hrefS = tag.srcS = tag.relS = tag.typeS = tag.nameS = tag.contentS = tag.islandS = tag.hydrateS = -1;
  tag.hasAlt = false;
  tag.problems = undefined;
  while (i < n) {
    let c = html.charCodeAt(i);
    if (c === 62) break; // '>'
    if (isSpace(c) || c === 47) {
      i++;
      continue;
    }
    const aS = i;
    while (i < n) {
      c = html.charCodeAt(i);
      if (isSpace(c) || c === 61 || c === 62 || c === 47) break;
      i++;
    }
    const aLen = i - aS;
    if (aLen === 0) {
      // A stray '=' where a name should be: step over it.
      i++;
      continue;
    }
    let j = i;
    while (j < n && isSpace(html.charCodeAt(j))) j++;
    let vS = aS;
    let vE = aS; // a boolean attribute: present, empty
    let dquoted = false;
    if (html.charCodeAt(j) === 61) {
      j++;
      while (j < n && isSpace(html.charCodeAt(j))) j++;
      const q = html.charCodeAt(j);
      if (q === 34 || q === 39) {
        dquoted = q === 34;
        vS = j + 1;
        vE = html.indexOf(q === 34 ? '"' : "'", vS);
        if (vE < 0) vE = n;
        i = vE + 1;
      } else {
        vS = j;
        while (j < n && !isSpace(html.charCodeAt(j)) && html.charCodeAt(j) !== 62) j++;
        vE = j;
        i = j;
      }
    }
    noteAttribute(html, aS, aLen, vS, vE, dquoted);
  }
  return i;
}

/** Keeps where the value of the attribute at [aS, aS + aLen) is, when the checks read it. */
function noteAttribute(html: string, aS: number, aLen: number, vS: number, vE: number, dquoted: boolean): void {
  switch (html.charCodeAt(aS) | 32) {
    case 105: // i
      if (is(html, aS, aLen, 'id')) (tag.idS = vS), (tag.idE = vE);
      break;
    case 104: // h
      if (is(html, aS, aLen, 'href')) (tag.hrefS = vS), (tag.hrefE = vE);
      break;
    case 115: // s
      if (is(html, aS, aLen, 'src')) (tag.srcS = vS), (tag.srcE = vE);
      else if (is(html, aS, aLen, 'style')) (tag.problems ??= []).push(`<${tag.name}> has a style attribute`);
      break;
    case 114: // r
      if (is(html, aS, aLen, 'rel')) (tag.relS = vS), (tag.relE = vE);
      break;
    case 116: // t
      if (is(html, aS, aLen, 'type')) (tag.typeS = vS), (tag.typeE = vE);
      break;
    case 110: // n
      if (is(html, aS, aLen, 'name')) (tag.nameS = vS), (tag.nameE = vE);
      break;
    case 99: // c
      if (is(html, aS, aLen, 'content')) (tag.contentS = vS), (tag.contentE = vE);
      break;
    case 97: // a
      if (is(html, aS, aLen, 'alt')) tag.hasAlt = true;
      break;
    case 100: // d
      if (!dquoted) break;
      if (is(html, aS, aLen, 'data-island')) (tag.islandS = vS), (tag.islandE = vE);
      else if (is(html, aS, aLen, 'data-hydrate')) (tag.hydrateS = vS), (tag.hydrateE = vE);
      break;
    case 111: // o
      if (isHandler(html, aS, aLen)) (tag.problems ??= []).push(`<${tag.name}> has an inline event handler (${html.slice(aS, aS + aLen).toLowerCase()})`);
      break;
  }
}

/** Adds what the checks need of the tag readTag() just read, whose '>' is at `gt`; returns where scanning goes on. */
function recordTag(html: string, gt: number, into: FragmentScan): number {
  const n = html.length;
  let pos = gt + 1;
  const { name, kind } = tag;
  if (tag.idS >= 0 && tag.idE > tag.idS) {
    const id = valueAt(html, tag.idS, tag.idE)!;
    if (id) into.ids.push(own(id));
  }
  if (tag.islandS >= 0) {
    const island = html.slice(tag.islandS, tag.islandE);
    if (islandName.test(island)) {
      const hydrate = tag.hydrateS >= 0 ? html.slice(tag.hydrateS, tag.hydrateE) : '';
      into.islands.push({ name: own(island), hydrate: hydrateName.test(hydrate) ? own(hydrate) : 'load' });
    }
  }
  if (kind === OTHER) {
    if (name === 'title' && gt === tag.nameEnd && into.title === undefined && gt < n) {
      const end = html.indexOf('<', pos);
      if (end >= 0 && html.startsWith('</title>', end)) into.title = own(html.slice(pos, end).trim());
    }
    if (tag.problems) problem(into, 'inlineCode', tag.problems);
    return pos;
  }

  const rel = valueAt(html, tag.relS, tag.relE);
  const type = valueAt(html, tag.typeS, tag.typeE);
  const href = kind === A || kind === LINK ? valueAt(html, tag.hrefS, tag.hrefE) : undefined;
  const src = kind === IMG || kind === SCRIPT ? valueAt(html, tag.srcS, tag.srcE) : undefined;
  const ref = href ?? src;
  if (ref && !external.test(ref) && rel !== 'canonical' && rel !== 'alternate') into.refs.push(own(`${name} ${ref}`));

  if (kind === IMG && !tag.hasAlt) problem(into, 'missingAlt', [`<img src="${src}"> has no alt text`]);
  if (kind === META) readMeta(html, into);

  if (kind === SCRIPT || kind === STYLE) {
    let end = html.indexOf(`</${name}>`, pos);
    if (end < 0) {
      const close = new RegExp(`</${name}\\s*>`, 'gi');
      close.lastIndex = pos;
      end = close.exec(html)?.index ?? -1;
    }
    if (kind === SCRIPT && type === LD_JSON) checkJsonLd(end >= 0 ? html.slice(pos, end) : undefined, into);
    if (end >= 0) pos = end;
  }

  if (kind === SCRIPT && !src && type !== LD_JSON) problem(into, 'inlineCode', ['has an inline <script>']);
  if (kind === STYLE) problem(into, 'inlineCode', ['has an inline <style> element']);
  if (tag.problems) problem(into, 'inlineCode', tag.problems);
  if (kind === A && href && javascriptUrl.test(href)) problem(into, 'inlineCode', ['has a javascript: link']);
  return pos;
}

/** <meta name="description"> (the first one) and <meta name="robots" content="…noindex…">. */
function readMeta(html: string, into: FragmentScan): void {
  const metaName = valueAt(html, tag.nameS, tag.nameE);
  if (metaName === 'description' && into.description === undefined) into.description = own((valueAt(html, tag.contentS, tag.contentE) ?? '').trim());
  else if (metaName === 'robots' && /noindex/.test(valueAt(html, tag.contentS, tag.contentE) ?? '')) into.noindex = true;
}

/** The JSON-LD rules of the scan under way (scanning is synchronous: one scan at a time). */
let rulesNow: JsonLdRules = jsonLdRules;

/** A JSON-LD block's problems: not JSON, or missing what its @type requires. */
function checkJsonLd(text: string | undefined, into: FragmentScan): void {
  let data: unknown;
  try {
    data = JSON.parse(text ?? '');
  } catch (e) {
    return problem(into, 'invalidJsonLd', [`a JSON-LD block is not valid JSON (${(e as Error).message})`]);
  }
  const problems = requiredJsonLd(data, rulesNow);
  if (problems.length) problem(into, 'invalidJsonLd', problems);
}

function problem(into: FragmentScan, check: LocalCheck, messages: string[]): void {
  const list = (into.problems[check] ??= []);
  for (const m of messages) list.push(own(m));
}
