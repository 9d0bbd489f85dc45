/** A new entry's file text from the form's data and body: front matter and body, JSON, or YAML (text in double quotes, as the site's files have it). Pure. */
import yaml from 'js-yaml';

export function newEntryText(format: 'md' | 'json' | 'yaml', data: unknown, body: string | null): string {
  if (format === 'json') return `${JSON.stringify(data, null, 2)}\n`;
  const matter = yaml.dump(data, { lineWidth: -1, quotingType: '"', forceQuotes: true });
  if (format === 'yaml') return matter;
  return `---\n${matter}---\n\n${body ?? ''}${body && !body.endsWith('\n') ? '\n' : ''}`;
}

/** An entry's format by its file's extension. */
export const formatOf = (file: string): 'md' | 'json' | 'yaml' => (file.endsWith('.json') ? 'json' : /\.ya?ml$/.test(file) ? 'yaml' : 'md');
