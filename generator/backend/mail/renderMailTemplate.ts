/** What a mail template may name, as GoTrue hands it to Go's html/template. */
export interface MailTemplateData {
  SiteURL: string;
  ConfirmationURL?: string;
  Email: string;
  NewEmail?: string;
  Token?: string;
  TokenHash?: string;
  RedirectTo?: string;
  SendingTo?: string;
  Data: Record<string, unknown>;
}

const ACTION = /\{\{-?\s*([^}]*?)\s*-?\}\}/g;

/**
 * Pure: fills `{{ .Name }}` and `{{ .Data.key }}` in a template, each value
 * HTML-escaped as html/template escapes it. Only these field lookups are
 * understood; any other action (`{{ if ... }}`, pipelines) is left out of
 * the output and reported in `unsupported`, so a template written for
 * hosted Supabase still renders here.
 */
export function renderMailTemplate(template: string, data: MailTemplateData): { text: string; unsupported: string[] } {
  const unsupported: string[] = [];
  const text = template.replace(ACTION, (whole, action: string) => {
    const field = /^\.([A-Za-z]+)(?:\.([A-Za-z0-9_]+))?$/.exec(action);
    if (!field) {
      unsupported.push(whole);
      return '';
    }
    const [, name, key] = field;
    let value: unknown = (data as unknown as Record<string, unknown>)[name];
    if (key !== undefined) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    else if (name === 'Data') value = goMap(data.Data);
    return escapeHtml(value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));
  });
  return { text, unsupported };
}

/** Go prints a map as map[key:value ...], keys sorted. */
function goMap(map: Record<string, unknown>): string {
  return `map[${Object.keys(map)
    .sort()
    .map((k) => `${k}:${typeof map[k] === 'object' ? JSON.stringify(map[k]) : String(map[k])}`)
    .join(' ')}]`;
}

/** Pure: escapes the five characters html/template escapes in text. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c]!);
}
