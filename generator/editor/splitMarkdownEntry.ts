/**
 * Cuts a markdown entry (line breaks already LF) into the pieces the editor rewrites separately,
 * at the same places splitFrontMatter cuts it: `head` ("---" and its language name), the YAML,
 * `closer` (the closing "\n---" and the one line break after it) and the body. Joining
 * head + (leadingBreak ? "\n" : "") + yaml + closer + body gives the text back. Pure.
 */
export interface MarkdownEntryParts {
  /** A leading BOM, "---" and what follows it on that line; "" when the file has no front matter. */
  head: string;
  /** Whether a line break follows the head (the YAML then starts on the next line). */
  leadingBreak: boolean;
  /** The YAML between the fences, without the line break before the closing "---". */
  yaml: string;
  /** "\n---" plus the line break after it when there is one; "" when the front matter is never closed. */
  closer: string;
  body: string;
  hasFrontMatter: boolean;
}

export function splitMarkdownEntry(text: string): MarkdownEntryParts {
  const bom = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const rest = text.slice(bom.length);
  if (!rest.startsWith('---') || rest[3] === '-') return { head: '', leadingBreak: false, yaml: '', closer: '', body: rest, hasFrontMatter: false };
  const firstBreak = rest.indexOf('\n');
  const head = bom + (firstBreak < 0 ? rest : rest.slice(0, firstBreak));
  const language = head.slice(bom.length + 3).trim();
  if (language !== '' && language !== 'yaml') throw new Error(`front matter in "${language}" is not supported: write YAML`);
  const after = firstBreak < 0 ? '' : rest.slice(firstBreak);
  const close = after.indexOf('\n---');
  const matter = close < 0 ? after : after.slice(0, close);
  const tail = close < 0 ? '' : after.slice(close + 4);
  const closer = close < 0 ? '' : tail.startsWith('\n') ? '\n---\n' : '\n---';
  const leadingBreak = matter.startsWith('\n');
  return { head, leadingBreak, yaml: leadingBreak ? matter.slice(1) : matter, closer, body: closer === '\n---\n' ? tail.slice(1) : tail, hasFrontMatter: true };
}
