import type { Properties } from 'hast';

/** An attribute's name for a hast property name: className -> class, htmlFor -> for, dataFooBar -> data-foo-bar. */
const attributeName = (property: string): string =>
  property === 'className'
    ? 'class'
    : property === 'htmlFor'
      ? 'for'
      : /^(?:data|aria)[A-Z]/.test(property)
        ? property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
        : property.toLowerCase();

/**
 * The attributes of a node's hProperties (what unified plugins set for the HTML), as markdown-it token
 * attributes: lists joined with spaces, true as an empty value, false and null left out.
 */
export function hastAttributes(properties: Properties): [string, string][] {
  const attrs: [string, string][] = [];
  for (const [name, value] of Object.entries(properties)) {
    if (value === null || value === undefined || value === false) continue;
    attrs.push([attributeName(name), value === true ? '' : Array.isArray(value) ? value.join(' ') : String(value)]);
  }
  return attrs;
}
