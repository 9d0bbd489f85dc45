import { union, type TsType } from './printTsType.ts';
import type { CatalogRelation, CatalogType } from './TypesCatalog.ts';

/** What a type name is looked up in: the exposed schemas, every type, the exposed tables and views. */
export interface TypeContext {
  schemas: string[];
  types: CatalogType[];
  tables: CatalogRelation[];
  views: CatalogRelation[];
}

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']);
const STRING = new Set(['bytea', 'bpchar', 'varchar', 'date', 'text', 'citext', 'time', 'timetz', 'timestamp', 'timestamptz', 'uuid', 'vector', 'interval']);

/**
 * A Postgres type name (`int8`, `_text`, `app_role`) as postgres-meta types
 * it: numbers, strings, Json, arrays of those; an enum, composite or row
 * type of an exposed schema by reference into `Database` (the one of
 * `schema` first); an enum elsewhere as its labels; anything else unknown.
 */
export function pgTypeToTsType(schema: string, pgType: string, ctx: TypeContext): TsType {
  if (pgType === 'bool') return 'boolean';
  if (NUMBER.has(pgType)) return 'number';
  if (STRING.has(pgType)) return 'string';
  if (pgType === 'json' || pgType === 'jsonb') return 'Json';
  if (pgType === 'void') return 'undefined';
  if (pgType === 'record') return 'Record<string, unknown>';
  if (pgType.startsWith('_')) {
    const element = pgTypeToTsType(schema, pgType.slice(1), ctx);
    return typeof element === 'string' ? `${element}[]` : `(${element.kind === 'union' ? element.parts.join(' | ') : 'unknown'})[]`;
  }
  const pick = <T extends { schema: string }>(list: T[]): T | undefined => list.find((t) => t.schema === schema) ?? list[0];
  const ref = (owner: string, section: string, name: string, tail = '') =>
    `Database[${JSON.stringify(owner)}][${JSON.stringify(section)}][${JSON.stringify(name)}]${tail}`;
  const exposed = (owner: string) => ctx.schemas.includes(owner);

  const enumType = pick(ctx.types.filter((t) => t.name === pgType && t.enums.length > 0));
  if (enumType) return exposed(enumType.schema) ? ref(enumType.schema, 'Enums', enumType.name) : union(enumType.enums.map((label) => JSON.stringify(label)));
  const composite = pick(ctx.types.filter((t) => t.name === pgType && t.attributes.length > 0));
  if (composite) return exposed(composite.schema) ? ref(composite.schema, 'CompositeTypes', composite.name) : 'unknown';
  const table = pick(ctx.tables.filter((t) => t.name === pgType));
  if (table) return exposed(table.schema) ? ref(table.schema, 'Tables', table.name, '["Row"]') : 'unknown';
  const view = pick(ctx.views.filter((v) => v.name === pgType));
  if (view) return exposed(view.schema) ? ref(view.schema, 'Views', view.name, '["Row"]') : 'unknown';
  return 'unknown';
}
