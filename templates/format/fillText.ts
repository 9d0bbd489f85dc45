/**
 * "Page {page} of {pages}" with { page: 2, pages: 9 } -> "Page 2 of 9": the content's texts name the
 * numbers a template puts in. A placeholder without a value stays as written. Pure.
 */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}
