/**
 * A number field's bounds and step, as an <input type="number"> takes them: inclusive bounds as they
 * are; an exclusive bound of a whole number moved by one (`.int().positive()` -> min 1), of any other
 * number left out (the input cannot say it, validation still does); whole numbers step by 1, `.multipleOf()`
 * by its value.
 */
import { zodChecks, type ZodDef } from './zodDef.ts';

const WHOLE = new Set(['safeint', 'int32', 'uint32']);

export function numberField(def: ZodDef): { min?: number; max?: number; step?: number } {
  const checks = zodChecks(def);
  const whole = WHOLE.has(def.format as string) || checks.some((c) => c.check === 'number_format' && WHOLE.has(c.format as string));
  const out: { min?: number; max?: number; step?: number } = {};
  if (whole) out.step = 1;
  for (const c of checks) {
    const value = c.value as number;
    if (c.check === 'multiple_of') out.step = value;
    else if (c.check === 'greater_than' && (c.inclusive || whole)) {
      out.min = Math.max(out.min ?? -Infinity, c.inclusive ? value : Math.floor(value) + 1);
    } else if (c.check === 'less_than' && (c.inclusive || whole)) {
      out.max = Math.min(out.max ?? Infinity, c.inclusive ? value : Math.ceil(value) - 1);
    }
  }
  return out;
}
