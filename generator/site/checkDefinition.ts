/**
 * The shape check of a loaded site definition against siteConfigSchema.ts: what site.config.ts exports
 * must have collections, meta, routes and templates of the right kinds, and no field the engine does not
 * know. The first problem becomes SiteConfigInvalid with the field, what it takes (or the known field
 * its name is nearest to) and, when the file names it, its line. Pure apart from reading the config's
 * text for the line.
 */
import { readFileSync } from 'node:fs';
import { ZodType, type z } from 'zod';
import { SiteError } from '../core/errors.ts';
import type { SiteDefinition } from './defineConfig.ts';
import { nearestName } from '../core/nearestName.ts';
import { applyPlugins } from '../plugins/applyPlugins.ts';
import { EXPECTED, knownKeys, siteConfigSchema, WHOLE_FIELDS } from './siteConfigSchema.ts';
import { siteSource } from '../core/siteSource.ts';

export function checkDefinition(value: unknown, file: string, configPath?: string): SiteDefinition<any, any, any> {
  const parsed = siteConfigSchema.safeParse(value);
  if (!parsed.success) {
    const { field, expected } = describeIssue(parsed.error.issues[0]!, value);
    // The line of the field's last name (markdown.markdownItPlugins.0: the plugin list's).
    const key = field.split('.').findLast((part) => !/^\d+$/.test(part)) ?? field;
    throw new SiteError('SiteConfigInvalid', { file, line: lineOf(configPath, key), field, expected: withValue(field, expected, value) });
  }
  // The definition as given (its collections' zod schemas and functions untouched), not zod's copy.
  return guardHooks(value as SiteDefinition<any, any, any>);
}

/** The field an issue is about, and what that field takes. */
function describeIssue(issue: z.core.$ZodIssue, value: unknown): { field: string; expected: string } {
  const path = issue.path.map(String);
  if (issue.code === 'invalid_union') {
    // A problem inside one of the forms a field takes is named where it is: an unknown key
    // (markdown.highlight: { aliasez }), else a wrong value inside (markdown.highlight.aliases.npmrc).
    const inner = issue.errors.flat();
    const deeper = inner.find((i) => i.code === 'unrecognized_keys') ?? inner.find((i) => i.path.length > 0);
    if (deeper) return describeIssue({ ...deeper, path: [...issue.path, ...deeper.path] } as z.core.$ZodIssue, value);
  }
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!;
    const near = nearestName(key, knownKeys(issue.path, value));
    const owner = path.length ? path.join('.') : 'the config';
    return {
      field: [...path, key].join('.'),
      expected: `is not a field of ${owner}${near ? `: did you mean "${near}"?` : ''} (it takes ${knownKeys(issue.path, value).join(', ')})`,
    };
  }
  if (path.length === 0) return { field: 'export default', expected: EXPECTED['export default'] };
  // The search's collection is named with what it was and the nearest list collection (siteConfigSchema.ts notAList).
  if (issue.code === 'custom' && path.join('.') === 'search.collection') return { field: 'search.collection', expected: issue.message };
  const top = path[0]!;
  if ((WHOLE_FIELDS as readonly string[]).includes(top)) return { field: top, expected: EXPECTED[top as keyof typeof EXPECTED] };
  if (top === 'collections' && path.length >= 2) {
    const option = path[2];
    if (option === 'draft' || option === 'date') return { field: path.slice(0, 3).join('.'), expected: EXPECTED.draftOrDate };
    // A record collection given one zod schema (meant as a list), rather than a schema per file name.
    const given = (value as { collections?: Record<string, { kind?: unknown; schemas?: unknown }> }).collections?.[path[1]!];
    if (given?.kind === 'record' && given.schemas instanceof ZodType) return { field: path.slice(0, 2).join('.'), expected: EXPECTED['record.schemas'] };
    return { field: path.slice(0, 2).join('.'), expected: EXPECTED.collection };
  }
  // The field's own words (budgets.total: EXPECTED.budget), else those of the nearest field around it.
  if ((Object.values(EXPECTED) as string[]).includes(issue.message)) return { field: path.join('.'), expected: issue.message };
  for (let n = path.length; n > 0; n--) {
    const at = path.slice(0, n).join('.');
    if (at in EXPECTED) return { field: at, expected: EXPECTED[at as keyof typeof EXPECTED] };
  }
  return { field: path.join('.'), expected: issue.message };
}

/**
 * A markdown option's "must be" followed by what it was instead (`, not the string "marked"`), so the
 * message says what was wrong as well as what to write.
 */
function withValue(field: string, expected: string, config: unknown): string {
  if (!field.startsWith('markdown.') || !expected.startsWith('must')) return expected;
  let at: unknown = config;
  for (const key of field.split('.')) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return `${expected}, not ${describeValue(at)}`;
}

/** How a message names a wrong value: the string "x", an array, an object, a number, null. */
const describeValue = (value: unknown): string =>
  value === null || value === undefined
    ? String(value)
    : typeof value === 'string'
      ? `the string ${JSON.stringify(value)}`
      : Array.isArray(value)
        ? `an array${value.length > 0 ? ` whose first item is ${describeValue(value[0])}` : ''}`
        : typeof value === 'object'
          ? 'an object'
          : `a ${typeof value}`;

const HOOKS = ['meta', 'routes', 'jsonLd', 'files', 'csp'] as const;
const guarded = new WeakSet<object>();

/**
 * The definition with each of its functions turned into one whose exception (other than a SiteError) is
 * a SiteHookFailed naming the function: a site's bug reads as the site's, not as the engine's; then
 * with its plugins applied (plugins/applyPlugins.ts).
 */
export function guardHooks<D extends SiteDefinition<any, any, any>>(definition: D): D {
  if (guarded.has(definition)) return definition;
  // The site's own hooks guarded, then its plugins' composed in (each guarded under its own name).
  const out = { ...definition } as Record<string, unknown>;
  for (const hook of HOOKS) {
    const fn = definition[hook] as ((...args: unknown[]) => unknown) | undefined;
    if (typeof fn !== 'function') continue;
    out[hook] = (...args: unknown[]) => {
      try {
        return fn(...args);
      } catch (e) {
        if (e instanceof SiteError) throw e;
        throw new SiteError('SiteHookFailed', { hook, reason: e instanceof Error ? e.message : String(e), ...siteSource(e) });
      }
    };
  }
  const site = applyPlugins(out as D);
  guarded.add(site);
  return site;
}

/** The line of the config where `key:` first appears, if the file can be read. */
function lineOf(configPath: string | undefined, key: string): number | undefined {
  if (!configPath) return undefined;
  try {
    const at = readFileSync(configPath, 'utf8').split('\n').findIndex((l) => new RegExp(`\\b${key}\\s*[:(,]`).test(l));
    return at >= 0 ? at + 1 : undefined;
  } catch {
    return undefined;
  }
}
