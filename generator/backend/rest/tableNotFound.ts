import { closestMatch } from './closestMatch.ts';
import type { RestCatalog } from './loadCatalog.ts';
import { RestError } from './RestError.ts';

/**
 * Pure: 404 PGRST205 for a table or view the schema has not, with PostgREST's hint naming the closest one
 * (at least 0.75 alike); pinned to PostgREST 12 (supabase/.temp/rest-version), its 404 42P01 instead.
 */
export function tableNotFound(catalog: RestCatalog, name: string): RestError {
  if (catalog.settings?.wording12) return new RestError(404, '42P01', `relation "${catalog.schema}.${name}" does not exist`);
  const near = closestMatch([...catalog.tables.keys()], name, 0.75);
  return new RestError(
    404,
    'PGRST205',
    `Could not find the table '${catalog.schema}.${name}' in the schema cache`,
    null,
    near === null ? null : `Perhaps you meant the table '${catalog.schema}.${near}'`,
  );
}
