import { RestError } from './RestError.ts';

/** The Prefer header of a request, as PostgREST 12 reads it (ApiRequest/Preferences.hs). */
export interface Preferences {
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  return: 'representation' | 'minimal' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  missing: 'default' | 'null' | null;
  handling: 'strict' | 'lenient' | null;
  maxAffected: number | null;
  /** tx=commit|rollback, read only where pgrst.db_tx_end allows an override (else null, as PostgREST ignores it). */
  tx: 'commit' | 'rollback' | null;
}

const CHOICES = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
} as const;

/** Known to PostgREST (no PGRST122 for them) but not read into Preferences (tx= only when an override is allowed). */
const ALSO_KNOWN = new Set(['tx=commit', 'tx=rollback', 'params=single-object']);

/**
 * Pure: every Prefer header (comma-separated, possibly repeated) -> the
 * first value of each kind. Unknown preferences are ignored, unless
 * `handling=strict` is among them: then 400 PGRST122, as PostgREST answers.
 */
export function parsePrefer(headerValues: string | null, allowTxOverride = false): Preferences {
  const items = (headerValues ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  const prefs: Preferences = { resolution: null, return: null, count: null, missing: null, handling: null, maxAffected: null, tx: null };
  const invalid: string[] = [];
  for (const item of items) {
    const eq = item.indexOf('=');
    const key = eq < 0 ? item : item.slice(0, eq);
    const value = eq < 0 ? '' : item.slice(eq + 1);
    if (key in CHOICES && (CHOICES[key as keyof typeof CHOICES] as readonly string[]).includes(value)) {
      const k = key as keyof typeof CHOICES;
      (prefs as unknown as Record<string, string | null>)[k] ??= value;
    } else if (key === 'max-affected' && /^-?\d+$/.test(value)) {
      prefs.maxAffected ??= Number(value);
    } else if (allowTxOverride && key === 'tx' && (value === 'commit' || value === 'rollback')) {
      prefs.tx ??= value;
    } else if (!ALSO_KNOWN.has(item) && !item.startsWith('timezone=')) {
      invalid.push(item);
    }
  }
  if (prefs.handling === 'strict' && invalid.length) {
    throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`);
  }
  return prefs;
}

/**
 * Pure: the Preference-Applied header PostgREST sends for a write (or null):
 * resolution (inserts into a table with a primary key or ?on_conflict),
 * missing, return, count, tx, handling, and max-affected (with handling=strict,
 * on update and delete), in that order.
 */
export function preferenceApplied(prefs: Preferences, action: 'insert' | 'update' | 'delete' | 'put', resolutionApplies: boolean): string | null {
  const values = [
    action === 'insert' && resolutionApplies && prefs.resolution ? `resolution=${prefs.resolution}` : null,
    (action === 'insert' || action === 'update') && prefs.missing ? `missing=${prefs.missing}` : null,
    prefs.return ? `return=${prefs.return}` : null,
    prefs.count ? `count=${prefs.count}` : null,
    prefs.tx ? `tx=${prefs.tx}` : null,
    prefs.handling ? `handling=${prefs.handling}` : null,
    (action === 'update' || action === 'delete') && prefs.handling === 'strict' && prefs.maxAffected !== null ? `max-affected=${prefs.maxAffected}` : null,
  ].filter((v): v is string => v !== null);
  return values.length ? values.join(', ') : null;
}
