/**
 * What a string field's form input is. 'date': a date format (z.iso.date(), z.iso.datetime()) or a
 * pattern that asks for one (dateFormatOf). 'longtext' (a textarea): `.meta({ long: true })`, else not
 * when `.meta({ long: false })`, else a maximum length over LONG_AFTER characters, or a key whose last
 * word names prose (description, summary, excerpt, abstract, bio, body, intro, paragraph: "metaDescription" too). 'text' otherwise.
 */
import { dateFormatOf } from './dateFormatOf.ts';
import { fieldLabel } from './fieldLabel.ts';
import type { FieldMeta } from './unwrapField.ts';
import { lengthBounds, zodChecks, type ZodDef } from './zodDef.ts';

const LONG_AFTER = 200;
const PROSE = new Set(['description', 'summary', 'excerpt', 'abstract', 'bio', 'body', 'intro', 'paragraph']);

export interface StringField {
  kind: 'text' | 'longtext' | 'date';
  min?: number;
  max?: number;
  pattern?: string;
  dateFormat?: 'date' | 'datetime';
}

/** The string's patterns: its format's own (z.email(), z.iso.date()) and its `.regex()` checks. */
function patternsOf(def: ZodDef): RegExp[] {
  const found = [def.pattern, ...zodChecks(def).map((c) => c.pattern)];
  return found.filter((p): p is RegExp => p instanceof RegExp);
}

function isLong(name: string, meta: FieldMeta, max: number | undefined): boolean {
  if (meta.long !== undefined) return meta.long;
  if (max !== undefined && max > LONG_AFTER) return true;
  const last = fieldLabel(name).split(' ').pop()?.toLowerCase() ?? '';
  return PROSE.has(last);
}

export function stringField(name: string, def: ZodDef, meta: FieldMeta): StringField {
  const { min, max } = lengthBounds(def);
  const patterns = patternsOf(def);
  const dateFormat =
    def.format === 'date' || def.format === 'datetime'
      ? def.format
      : patterns.map(dateFormatOf).find((f) => f !== undefined);
  const kind = dateFormat ? 'date' : isLong(name, meta, max) ? 'longtext' : 'text';
  return {
    kind,
    ...(min !== undefined && min > 0 ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    ...(patterns[0] ? { pattern: patterns[0].source } : {}),
    ...(dateFormat ? { dateFormat } : {}),
  };
}
