/**
 * How a YAML text is laid out, so that what the editor writes looks like what is there:
 * the indentation step, whether a list under a key is indented ("tags:\n  - a") or not
 * ("tags:\n- a"), and the quote the author prefers. Pure.
 */
import yaml from 'js-yaml';

export interface YamlStyle {
  indent: number;
  indentedLists: boolean;
  quote: '"' | "'";
}

export function yamlStyle(text: string): YamlStyle {
  const lines = text.split('\n').filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  const nested = lines.map((l) => /^( +)\S/.exec(l)?.[1]!.length ?? 0).filter((n) => n > 0);
  const indent = nested.length === 0 ? 2 : Math.min(...nested);
  const indentedLists = !lines.some((l) => /^-( |$)/.test(l));
  const double = (text.match(/:[ \t]+"/g) ?? []).length;
  const single = (text.match(/:[ \t]+'/g) ?? []).length;
  return { indent: Math.min(Math.max(indent, 1), 8), indentedLists, quote: single > double ? "'" : '"' };
}

/** Options for yaml.dump in a file of this style: block style, no line folding, no anchors. */
export function dumpOptions(style: YamlStyle): yaml.DumpOptions {
  return { indent: style.indent, noArrayIndent: !style.indentedLists, lineWidth: -1, noRefs: true, skipInvalid: true, quotingType: style.quote };
}

/** One field as YAML lines at column 0 ("key: value", or "key:" and its indented block). */
export function dumpField(key: string, value: unknown, style: YamlStyle): string[] {
  return yaml.dump({ [key]: value }, dumpOptions(style)).replace(/\n$/, '').split('\n');
}
