import { closestMatch } from './closestMatch.ts';
import type { RestCatalog } from './loadCatalog.ts';
import { RestError } from './RestError.ts';

/** Pure: 404 PGRST205 for a table or view the schema has not, with PostgREST's hint naming the closest one (at least 0.75 alike). */
export function tableNotFound(catalog: RestCatalog, name: string): RestError {
  const near = closestMatch([...catalog.tables.keys()], name, 0.75);
  return new RestError(
    404,
    'PGRST205',
    `Could not find the table '${catalog.schema}.${name}' in the schema cache`,
    null,
    near === null ? null : `Perhaps you meant the table '${catalog.schema}.${near}'`,
  );
}
