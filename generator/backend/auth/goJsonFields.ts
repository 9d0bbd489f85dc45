/** Thrown where Go's encoding/json would fail to decode the body into the handler's struct. */
export class GoJsonTypeError extends Error {}

/**
 * Pure: the value of JSON key `name` as Go's encoding/json picks it for a struct field: the exact
 * key, else a key equal to it ignoring case (Go matches field names case-insensitively).
 */
export function goField(body: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(body, name)) return body[name];
  const folded = Object.keys(body).filter((key) => key.toLowerCase() === name.toLowerCase());
  return folded.length > 0 ? body[folded[folded.length - 1]] : undefined;
}

/**
 * Pure: a `string` (or `*string`) field as Go decodes it: undefined when absent or null (Go leaves the
 * field at its zero value, a pointer nil), the string itself, GoJsonTypeError for any other JSON type.
 */
export function goString(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new GoJsonTypeError('not a string');
  return value;
}

/**
 * Pure: a `[]string` (or `*[]string`) field as Go decodes it: undefined when absent or null, the array
 * with null items read as "" (Go leaves them zero), GoJsonTypeError for anything else.
 */
export function goStrings(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new GoJsonTypeError('not an array');
  return value.map((item) => (item === null ? '' : (goString(item) as string)));
}
