/**
 * Zod 4's own description of a schema (`schema._zod.def`), read as data rather than by class: the site's
 * zod may be another copy than the engine's, and a schema with a transform has no JSON Schema.
 */
import type { z } from 'zod';

export interface ZodDef {
  /** 'object', 'string', 'number', 'optional', 'pipe', …: zod's name of the schema's kind. */
  type: string;
  [key: string]: unknown;
}

/** The definition of `schema`. */
export const zodDef = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** The definitions of a schema's checks (`.min()`, `.regex()`, `.int()`, …), in the order they were added. */
export const zodChecks = (def: ZodDef): ZodDef[] =>
  Array.isArray(def.checks) ? (def.checks as { _zod: { def: ZodDef } }[]).map((c) => c._zod.def) : [];

/** Length bounds of a string or an array (`.min()`, `.max()`, `.length()`). */
export function lengthBounds(def: ZodDef): { min?: number; max?: number } {
  const out: { min?: number; max?: number } = {};
  for (const check of zodChecks(def)) {
    if (check.check === 'min_length') out.min = Math.max(out.min ?? 0, check.minimum as number);
    else if (check.check === 'max_length') out.max = Math.min(out.max ?? Infinity, check.maximum as number);
    else if (check.check === 'length_equals') out.min = out.max = check.length as number;
  }
  return out;
}
