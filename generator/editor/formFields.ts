/**
 * The form of a content schema: what `site dev`'s editor shows an author, as plain data (it is sent to
 * the browser). Read from zod 4's own definitions, not from JSON Schema (which a transform refuses).
 * A record with text keys is a 'map' (key and value pairs). A kind the form has no input for is 'unsupported' (the editor shows the raw value to edit), its zod
 * type named in `hint`.
 */
import type { z } from 'zod';
import { choiceOptions } from './choiceOptions.ts';
import { fieldLabel } from './fieldLabel.ts';
import { numberField } from './numberField.ts';
import { stringField } from './stringField.ts';
import { unwrapField, type UnwrappedField } from './unwrapField.ts';
import { lengthBounds, zodDef, type ZodDef } from './zodDef.ts';

export type FieldKind = 'text' | 'longtext' | 'enum' | 'number' | 'boolean' | 'date' | 'array' | 'object' | 'map' | 'image' | 'unsupported';

export interface FormField {
  /** The key in its object ('' for an array's item or a schema that is no object). */
  name: string;
  /** `.meta({ title })`, else from the key ('readTime' -> 'Read time'). */
  label: string;
  kind: FieldKind;
  /** False when the value may be left out: optional, nullable or with a default. */
  required: boolean;
  default?: unknown;
  /** The choices of an enum or a union of string literals. */
  options?: string[];
  /** A number's bounds, a string's or an array's length bounds. */
  min?: number;
  max?: number;
  step?: number;
  /** A string's pattern (the regular expression's source). */
  pattern?: string;
  dateFormat?: 'date' | 'datetime';
  /** `.describe()` or `.meta({ description })`; for 'unsupported', the zod type too. */
  hint?: string;
  /** An array's item; a map's value (its keys are text the author names). */
  of?: FormField;
  /** An object's fields, in key order. */
  fields?: FormField[];
}

/** Deeper than this is a recursive schema (z.lazy), which a form cannot unfold. */
const MAX_DEPTH = 16;

type Shape = Omit<FormField, 'name' | 'label' | 'required' | 'default' | 'hint'>;

const unsupported = (type: string): Shape & { type: string } => ({ kind: 'unsupported', type });

function shapeOf(name: string, u: UnwrappedField, depth: number): Shape & { type?: string } {
  const def: ZodDef = u.def;
  if (u.image) return { kind: 'image' };
  if (depth > MAX_DEPTH) return unsupported(def.type);
  switch (def.type) {
    case 'string':
      return stringField(name, def, u.meta);
    case 'number':
      return { kind: 'number', ...numberField(def) };
    case 'boolean':
      return { kind: 'boolean' };
    case 'date':
      return { kind: 'date', dateFormat: 'date' };
    case 'array':
      return { kind: 'array', ...lengthBounds(def), of: fieldOf('', def.element as z.ZodType, depth + 1) };
    case 'object':
      return { kind: 'object', fields: fieldsOf(def, depth + 1) };
    case 'record':
      // Keys the author names (a strings file's keys): text keys only.
      return zodDef(def.keyType as z.ZodType).type === 'string' ? { kind: 'map', of: fieldOf('', def.valueType as z.ZodType, depth + 1) } : unsupported(def.type);
    case 'enum':
    case 'literal':
    case 'union': {
      const options = choiceOptions(def);
      return options ? { kind: 'enum', options } : unsupported(def.type);
    }
    default:
      return unsupported(def.type);
  }
}

function fieldOf(name: string, schema: z.ZodType, depth: number): FormField {
  const u = unwrapField(schema);
  const { type, ...shape } = shapeOf(name, u, depth);
  const description = u.meta.description;
  const hint = type === undefined ? description : description ? `${description} (${type})` : type;
  return {
    name,
    label: u.meta.title ?? fieldLabel(name),
    required: u.required,
    ...('default' in u ? { default: u.default } : {}),
    ...(hint !== undefined ? { hint } : {}),
    ...shape,
  };
}

function fieldsOf(def: ZodDef, depth: number): FormField[] {
  return Object.entries(def.shape as Record<string, z.ZodType>).map(([key, value]) => fieldOf(key, value, depth));
}

/**
 * The form of `schema`: for an object (wrapped or not), one field per key in key order; for any other
 * schema, one field named ''.
 */
export function formFields(schema: z.ZodType): FormField[] {
  const u = unwrapField(schema);
  return u.def.type === 'object' && !u.image ? fieldsOf(u.def, 0) : [fieldOf('', schema, 0)];
}
