/**
 * The choices of an enum, a literal, or a union of those (its null or undefined options aside: they make
 * the field optional): every value a string, else undefined (a form's <select> writes strings, so a
 * number or boolean choice would not validate).
 */
import type { z } from 'zod';
import { zodDef, type ZodDef } from './zodDef.ts';

function valuesOf(def: ZodDef): unknown[] | undefined {
  if (def.type === 'enum') return Object.values(def.entries as Record<string, unknown>);
  if (def.type === 'literal') return def.values as unknown[];
  if (def.type === 'union') {
    const defs = (def.options as z.ZodType[]).map(zodDef).filter((d) => d.type !== 'null' && d.type !== 'undefined');
    const all = defs.map(valuesOf);
    return all.every((v) => v !== undefined) ? all.flat() : undefined;
  }
  return undefined;
}

export function choiceOptions(def: ZodDef): string[] | undefined {
  const values = valuesOf(def);
  if (!values || values.length === 0 || !values.every((v): v is string => typeof v === 'string')) return undefined;
  return [...new Set(values)];
}
