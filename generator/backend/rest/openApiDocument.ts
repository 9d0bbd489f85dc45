/** What the OpenAPI document is made from: the exposed schema as the caller's role sees it. */
export interface OpenApiSchema {
  tables: { name: string; description: string | null; writable: boolean }[];
  columns: {
    table: string;
    name: string;
    type: string;
    nullable: boolean;
    default: string | null;
    description: string | null;
    maxLength: number | null;
    enum: string[] | null;
  }[];
  primaryKeys: { table: string; column: string }[];
  foreignKeys: { table: string; column: string; foreignTable: string; foreignColumn: string }[];
  functions: { name: string; description: string | null; params: { name: string; type: string; required: boolean; variadic: boolean }[] }[];
  description: string | null;
}

/** The version PostgREST reports in info.version (Supabase runs 12.2). */
export const POSTGREST_VERSION = '12.2.3';

type Json = Record<string, unknown>;

/** PostgREST's toSwaggerType: Postgres type name -> Swagger type (none for json/jsonb). */
function swaggerType(type: string): string | undefined {
  if (['character varying', 'character', 'text'].includes(type)) return 'string';
  if (type === 'boolean') return 'boolean';
  if (['smallint', 'integer', 'bigint'].includes(type)) return 'integer';
  if (['numeric', 'real', 'double precision'].includes(type)) return 'number';
  if (type === 'json' || type === 'jsonb') return undefined;
  return type.endsWith('[]') ? 'array' : 'string';
}

/** PostgREST's parseDefault: a default of a string type loses its ::type cast and quotes; the result is read as JSON, or left out. */
function defaultValue(type: string, expr: string | null): unknown {
  if (expr === null) return undefined;
  let text = expr;
  if (swaggerType(type) === 'string') {
    const stripped = expr.endsWith(`::${type}`) ? expr.slice(0, -`::${type}`.length).replace(/^'+|'+$/g, '') : expr;
    text = JSON.stringify(stripped);
  }
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Splits a description into summary (first line) and description (the rest), as PostgREST does. */
function summaryParts(text: string | null): Json {
  if (text === null) return {};
  const nl = text.indexOf('\n');
  if (nl < 0) return { summary: text };
  const rest = text.slice(nl).replace(/^\n+/, '');
  return rest ? { summary: text.slice(0, nl), description: rest } : { summary: text.slice(0, nl) };
}

const strip = (o: Json): Json => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));
const queryParam = (name: string, description?: string | null) => strip({ name, description, required: false, in: 'query', type: 'string' });
const PREFER_VALUES: Record<string, string[]> = {
  params: ['params=single-object'],
  return: ['return=representation', 'return=minimal', 'return=none'],
  count: ['count=none'],
  resolution: ['resolution=ignore-duplicates', 'resolution=merge-duplicates'],
};
const prefer = (kinds: string[]) => ({ name: 'Prefer', description: 'Preference', required: false, in: 'header', type: 'string', enum: kinds.flatMap((k) => PREFER_VALUES[k]) });
const MIMES = ['application/json', 'application/vnd.pgrst.object+json;nulls=stripped', 'application/vnd.pgrst.object+json', 'text/csv'];

/**
 * Pure: the Swagger 2.0 document PostgREST 12 writes (Response/OpenAPI.hs):
 * a definition per table or view (column type, format, required, default,
 * description with primary and foreign key notes), paths per table (get,
 * and post/patch/delete when it is writable) and per function (/rpc/name).
 */
export function openApiDocument(schema: OpenApiSchema, server: { host: string; basePath: string; scheme: string }): Json {
  const pk = new Set(schema.primaryKeys.map((k) => `${k.table}.${k.column}`));
  const fk = new Map(schema.foreignKeys.map((f) => [`${f.table}.${f.column}`, f]));
  const columnsOf = (table: string) => schema.columns.filter((c) => c.table === table);
  const definitions: Json = {};
  const parameters: Json = {
    preferParams: prefer(['params']),
    preferReturn: prefer(['return']),
    preferCount: prefer(['count']),
    preferPost: prefer(['return', 'resolution']),
    select: queryParam('select', 'Filtering Columns'),
    on_conflict: queryParam('on_conflict', 'On Conflict'),
    order: queryParam('order', 'Ordering'),
    range: { name: 'Range', description: 'Limiting and Pagination', required: false, in: 'header', type: 'string' },
    rangeUnit: { name: 'Range-Unit', description: 'Limiting and Pagination', required: false, in: 'header', type: 'string', default: 'items' },
    offset: queryParam('offset', 'Limiting and Pagination'),
    limit: queryParam('limit', 'Limiting and Pagination'),
  };
  const paths: Json = {
    '/': { get: { tags: ['Introspection'], summary: 'OpenAPI description (this document)', produces: ['application/openapi+json', 'application/json'], responses: { 200: { description: 'OK' } } } },
  };
  for (const table of schema.tables) {
    const columns = columnsOf(table.name);
    const properties: Json = {};
    for (const c of columns) {
      const key = fk.get(`${table.name}.${c.name}`);
      const notes = [
        ...(pk.has(`${table.name}.${c.name}`) ? ['This is a Primary Key.<pk/>'] : []),
        ...(key ? [`This is a Foreign Key to \`${key.foreignTable}.${key.foreignColumn}\`.<fk table='${key.foreignTable}' column='${key.foreignColumn}'/>`] : []),
      ];
      const description = notes.length ? `${c.description !== null ? `${c.description}\n\n` : ''}Note:\n${notes.join('\n')}` : c.description;
      const type = swaggerType(c.type);
      properties[c.name] = strip({
        default: defaultValue(c.type, c.default),
        description,
        enum: c.enum,
        format: c.type,
        maxLength: c.maxLength,
        type,
        items: type === 'array' ? strip({ type: swaggerType(c.type.slice(0, -2)) }) : undefined,
      });
    }
    const required = columns.filter((c) => !c.nullable).map((c) => c.name);
    definitions[table.name] = strip({ description: table.description, required: required.length ? required : undefined, properties, type: 'object' });
    parameters[`body.${table.name}`] = { name: table.name, description: table.name, required: false, in: 'body', schema: { $ref: `#/definitions/${table.name}` } };
    for (const c of columns) parameters[`rowFilter.${table.name}.${c.name}`] = queryParam(c.name, c.description);

    const ref = (name: string) => ({ $ref: `#/parameters/${name}` });
    const rowFilters = columns.map((c) => ref(`rowFilter.${table.name}.${c.name}`));
    const op = { tags: [table.name], ...summaryParts(table.description) };
    const item: Json = {
      get: {
        ...op,
        parameters: [...rowFilters, ...['select', 'order', 'range', 'rangeUnit', 'offset', 'limit', 'preferCount'].map(ref)],
        responses: { 200: { description: 'OK', schema: { type: 'array', items: { $ref: `#/definitions/${table.name}` } } }, 206: { description: 'Partial Content' } },
      },
    };
    if (table.writable) {
      item.post = { ...op, parameters: [`body.${table.name}`, 'select', 'preferPost'].map(ref), responses: { 201: { description: 'Created' } } };
      item.delete = { ...op, parameters: [...rowFilters, ref('preferReturn')], responses: { 204: { description: 'No Content' } } };
      item.patch = { ...op, parameters: [...rowFilters, ref(`body.${table.name}`), ref('preferReturn')], responses: { 204: { description: 'No Content' } } };
    }
    paths[`/${table.name}`] = item;
  }
  for (const fn of schema.functions) {
    const named = fn.params.filter((p) => p.name !== '');
    const op = { tags: [`(rpc) ${fn.name}`], ...summaryParts(fn.description), produces: ['application/json', 'application/vnd.pgrst.object+json;nulls=stripped', 'application/vnd.pgrst.object+json'], responses: { 200: { description: 'OK' } } };
    const args = strip({
      description: fn.description,
      required: named.some((p) => p.required) ? named.filter((p) => p.required).map((p) => p.name) : undefined,
      properties: Object.fromEntries(named.map((p) => [p.name, strip({ format: p.type, type: swaggerType(p.type), items: swaggerType(p.type) === 'array' ? strip({ type: swaggerType(p.type.slice(0, -2)) }) : undefined })])),
      type: 'object',
    });
    paths[`/rpc/${fn.name}`] = {
      get: {
        ...op,
        parameters: named.map((p) =>
          p.variadic
            ? { name: p.name, required: p.required, in: 'query', type: swaggerType(p.type) ?? 'string', items: { type: swaggerType(p.type.slice(0, -2)), format: p.type.slice(0, -2) }, collectionFormat: 'multi' }
            : { name: p.name, required: p.required, in: 'query', format: p.type, type: [undefined, 'array'].includes(swaggerType(p.type)) ? 'string' : swaggerType(p.type) },
        ),
      },
      post: { ...op, parameters: [{ name: 'args', required: true, in: 'body', schema: args }, { $ref: '#/parameters/preferParams' }] },
    };
  }
  const [title, ...rest] = (schema.description ?? '').split('\n');
  return {
    swagger: '2.0',
    info: {
      description: schema.description !== null ? rest.join('\n').replace(/^\n+/, '') || undefined : 'This is a dynamic API generated by PostgREST',
      title: schema.description !== null ? title : 'PostgREST API',
      version: POSTGREST_VERSION,
    },
    host: server.host,
    basePath: server.basePath,
    schemes: [server.scheme],
    consumes: MIMES,
    produces: MIMES,
    paths,
    definitions,
    parameters,
    externalDocs: { description: 'PostgREST Documentation', url: 'https://postgrest.org/en/v12/references/api.html' },
  };
}
