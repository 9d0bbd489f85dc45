/**
 * A field's schema without what wraps it (optional, nullable, default, prefault, readonly, catch, pipe,
 * lazy, a union with null/undefined), with what those wrappers say: whether a value is required, its
 * default, and the metadata of every layer (`.describe()`, `.meta({ title, description, long })`; the
 * outermost wins). A pipe is followed to the side the author writes: its input, unless that is a
 * transform (z.preprocess), then its output.
 */
import { z } from 'zod';
import { zodDef, type ZodDef } from './zodDef.ts';

export interface FieldMeta {
  title?: string;
  description?: string;
  long?: boolean;
}

export interface UnwrappedField {
  schema: z.ZodType;
  def: ZodDef;
  required: boolean;
  default?: unknown;
  meta: FieldMeta;
  /** Marked by the engine's image() field (generator/images/imageField.ts). */
  image: boolean;
}

/** Deeper than this is a recursive (lazy) schema, which no form can hold. */
const MAX_LAYERS = 32;

const EMPTY = new Set(['null', 'undefined']);

/** The value of a default as JSON would carry it, or undefined when JSON has none (a function, a bigint). */
function jsonValue(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function readMeta(schema: z.ZodType, meta: FieldMeta): boolean {
  const found = z.globalRegistry.get(schema) as Record<string, unknown> | undefined;
  if (!found) return false;
  if (typeof found.title === 'string') meta.title ??= found.title;
  if (typeof found.description === 'string') meta.description ??= found.description;
  if (typeof found.long === 'boolean') meta.long ??= found.long;
  return found.siteField === 'image';
}

export function unwrapField(start: z.ZodType): UnwrappedField {
  const out: UnwrappedField = { schema: start, def: zodDef(start), required: true, meta: {}, image: false };
  let nonOptional = false;
  for (let layer = 0; layer < MAX_LAYERS; layer++) {
    if (readMeta(out.schema, out.meta)) out.image = true;
    const def = out.def;
    let next: z.ZodType | undefined;
    if (def.type === 'optional' || def.type === 'nullable') {
      out.required = false;
      next = def.innerType as z.ZodType;
    } else if (def.type === 'default' || def.type === 'prefault') {
      out.required = false;
      if (!('default' in out)) {
        const value = jsonValue(def.defaultValue);
        if (value !== undefined) out.default = value;
      }
      next = def.innerType as z.ZodType;
    } else if (def.type === 'nonoptional') {
      // Required whatever it wraps says: the optional layers below no longer count.
      if (out.required) nonOptional = true;
      next = def.innerType as z.ZodType;
    } else if (def.type === 'readonly' || def.type === 'catch') {
      next = def.innerType as z.ZodType;
    } else if (def.type === 'pipe') {
      const input = def.in as z.ZodType;
      next = zodDef(input).type === 'transform' ? (def.out as z.ZodType) : input;
    } else if (def.type === 'lazy') {
      next = (def.getter as () => z.ZodType)();
    } else if (def.type === 'union') {
      const options = def.options as z.ZodType[];
      const kept = options.filter((o) => !EMPTY.has(zodDef(o).type));
      if (kept.length < options.length) out.required = false;
      // Several left (a choice of strings or null): the union stays, its empty options ignored by the form.
      if (kept.length === 1 && options.length > 1) next = kept[0];
    }
    if (!next) return nonOptional ? { ...out, required: true } : out;
    out.schema = next;
    out.def = zodDef(next);
  }
  out.def = { type: 'lazy' };
  return out;
}
