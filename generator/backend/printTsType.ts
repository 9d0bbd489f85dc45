/**
 * A small printer for the TypeScript type expressions of `site gen types`,
 * laid out as prettier lays them out (80 columns, 2 spaces, no semicolons),
 * because the Supabase CLI's output is prettier's: an object type stays on
 * one line when it fits and nothing in it must break, a union too long for
 * its line breaks into `| part` lines, a tuple of objects puts one per line
 * with a trailing comma.
 */
export type TsType =
  | string
  | { kind: 'object'; members: TsMember[]; expanded?: boolean; suffix?: string }
  | { kind: 'union'; parts: TsType[] }
  | { kind: 'intersection'; parts: TsType[] }
  | { kind: 'tuple'; items: TsType[] };

/** `key: type`; the key as written (already quoted where needed, `?` included). */
export type TsMember = [key: string, type: TsType];

const WIDTH = 80;
const KEYWORDS = new Set(['null', 'undefined', 'void']);

export const obj = (members: TsMember[], options: { expanded?: boolean; suffix?: string } = {}): TsType => ({ kind: 'object', members, ...options });
export const union = (parts: TsType[]): TsType => (parts.length === 1 ? parts[0] : { kind: 'union', parts });
export const intersection = (parts: TsType[]): TsType => ({ kind: 'intersection', parts });
export const tuple = (items: TsType[]): TsType => ({ kind: 'tuple', items });

/** A property name as prettier prints it: bare when it is an identifier, else a double-quoted string. */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

/** The type on one line, or null when something in it must break (an object written expanded). */
export function inline(type: TsType): string | null {
  if (typeof type === 'string') return type;
  if (type.kind === 'object') {
    if (type.expanded) return null;
    const members = type.members.map(([key, value]) => {
      const text = inline(value);
      return text === null ? null : `${key}: ${text}`;
    });
    if (members.some((m) => m === null)) return null;
    return `${members.length === 0 ? '{}' : `{ ${members.join('; ')} }`}${type.suffix ?? ''}`;
  }
  if (type.kind === 'union' || type.kind === 'intersection') {
    const parts = type.parts.map(inline);
    return parts.some((p) => p === null) ? null : parts.join(type.kind === 'union' ? ' | ' : ' & ');
  }
  if (type.items.length === 0) return '[]';
  const items = type.items.map(inline);
  return items.some((i) => i === null) ? null : `[${items.join(', ')}]`;
}

/**
 * Prints a type that starts at column `column` of a line indented by
 * `indent` spaces. A broken union starts with a newline (after `key:`).
 */
export function printType(type: TsType, indent: number, column: number): string {
  const flat = inline(type);
  if (flat !== null && column + flat.length <= WIDTH) return flat;
  if (typeof type === 'string') return type;
  const pad = ' '.repeat(indent);
  if (type.kind === 'object') {
    if (type.members.length === 0) return `{}${type.suffix ?? ''}`;
    const lines = type.members.map(([key, value]) => `${pad}  ${printMember(key, value, indent + 2)}`);
    return `{\n${lines.join('\n')}\n${pad}}${type.suffix ?? ''}`;
  }
  if (type.kind === 'intersection') {
    // An object in it breaks over lines; the rest stays beside it.
    return type.parts.map((part) => (typeof part === 'object' && part.kind === 'object' ? printType({ ...part, expanded: true }, indent, column) : printType(part, indent, column))).join(' & ');
  }
  if (type.kind === 'union') {
    // One object with null (or undefined) beside it is hugged: `{ ... } | null`.
    const objects = type.parts.filter((p) => typeof p === 'object');
    if (objects.length === 1 && objects[0] && typeof objects[0] === 'object' && objects[0].kind === 'object' && type.parts.every((p) => typeof p === 'object' || KEYWORDS.has(p))) {
      return type.parts.map((p) => (typeof p === 'object' ? printType(p, indent, column) : p)).join(' | ');
    }
    return type.parts.map((part) => `\n${pad}  | ${printType(part, indent + 4, indent + 4)}`).join('');
  }
  const items = type.items.map((item) => `${pad}  ${printType(item, indent + 2, indent + 2)},`);
  return `[\n${items.join('\n')}\n${pad}]`;
}

/** `key: type` at `indent`; a union too long for the line goes below `key:`. */
export function printMember(key: string, type: TsType, indent: number): string {
  const text = printType(type, indent, indent + key.length + 2);
  return text.startsWith('\n') ? `${key}:${text}` : `${key}: ${text}`;
}
