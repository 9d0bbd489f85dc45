/**
 * `site gen types`, the pure part: catalog rows -> the TypeScript file that
 * `supabase gen types typescript --local` writes (postgres-meta's template,
 * formatted as prettier formats it), so `createClient<Database>()` checks
 * table names, columns, inserts and rpc arguments at compile time.
 */
import { genTypesHelpers } from './genTypesHelpers.ts';
import { intersection, obj, printMember, propertyKey, tuple, union, type TsMember, type TsType } from './printTsType.ts';
import { pgTypeToTsType, type TypeContext } from './pgTypeToTsType.ts';
import type { CatalogColumn, CatalogFunction, CatalogRelation, CatalogRelationship, TypesCatalog } from './TypesCatalog.ts';

export interface GenTypesOptions {
  /** The schema bare names in Tables<> and friends refer to. Default 'public'. */
  defaultSchema?: string;
  /** Emit `isOneToOne` in Relationships (PostgREST 10+; the CLI's default). Default true. */
  detectOneToOneRelationships?: boolean;
}

/** json, jsonb, text: the types PostgREST passes a single unnamed argument as. */
const UNNAMED_ARG_TYPES = new Set([114, 3802, 25]);
const IN_MODES = new Set(['in', 'inout', 'variadic']);
const EMPTY: TsMember = ['[_ in never]', 'never'];

export function genTypes(catalog: TypesCatalog, options: GenTypesOptions = {}): string {
  const defaultSchema = options.defaultSchema ?? 'public';
  const oneToOne = options.detectOneToOneRelationships ?? true;
  const schemas = [...catalog.schemas].sort((a, b) => a.localeCompare(b));
  const exposed = catalog.relations.filter((r) => schemas.includes(r.schema));
  const ctx: TypeContext = {
    schemas,
    types: catalog.types,
    tables: exposed.filter((r) => r.kind === 'table'),
    views: exposed.filter((r) => r.kind === 'view'),
  };
  const typesById = new Map(catalog.types.map((t) => [t.id, t]));
  const relationTypes = new Map(catalog.types.filter((t) => t.typeRelationId !== null).map((t) => [t.id, t]));
  const namesById = new Map(exposed.map((r) => [r.id, r.name]));
  const columnsByTable = new Map<number, CatalogColumn[]>();
  for (const c of catalog.columns) if (namesById.has(c.tableId)) columnsByTable.set(c.tableId, [...(columnsByTable.get(c.tableId) ?? []), c]);
  for (const list of columnsByTable.values()) list.sort((a, b) => a.name.localeCompare(b.name));
  const columnsOf = (id: number) => columnsByTable.get(id) ?? [];
  const relationships = [...catalog.relationships].sort(
    (a, b) =>
      a.foreignKeyName.localeCompare(b.foreignKeyName) ||
      a.referencedRelation.localeCompare(b.referencedRelation) ||
      JSON.stringify(a.referencedColumns).localeCompare(JSON.stringify(b.referencedColumns)),
  );
  const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));
  const typeOf = (schema: string, typeId: number): TsType => {
    const type = typesById.get(typeId);
    return type ? pgTypeToTsType(schema, type.name, ctx) : 'unknown';
  };
  const nullable = (type: TsType, isNullable: boolean): TsType => {
    if (type === 'unknown' || type === 'any' || !isNullable) return type;
    return union([...(typeof type === 'object' && type.kind === 'union' ? type.parts : [type]), 'null']);
  };
  const column = (schema: string, c: CatalogColumn, isNullable: boolean, optional: boolean): TsMember => [
    `${propertyKey(c.name)}${optional ? '?' : ''}`,
    nullable(pgTypeToTsType(schema, c.format, ctx), isNullable),
  ];
  const never = (c: CatalogColumn): TsMember => [`${propertyKey(c.name)}?`, 'never'];
  const tableNameOf = (relationId: number | null, returnTypeId: number | null): string | null => {
    if (!relationId) return null;
    return namesById.get(relationId) ?? (returnTypeId !== null ? (relationTypes.get(returnTypeId)?.name ?? null) : null);
  };

  // Functions PostgREST can call: no unnamed argument, or one it passes a body to.
  const inArgsOf = (fn: CatalogFunction) => byName(fn.args).filter((a) => IN_MODES.has(a.mode));
  const callable = (fn: CatalogFunction) => {
    const inArgs = inArgsOf(fn);
    return (
      inArgs.length === 0 ||
      !inArgs.some((a) => a.name === '') ||
      inArgs.every((a) => a.name !== '' || (a.hasDefault && UNNAMED_ARG_TYPES.has(a.typeId))) ||
      (inArgs.length === 1 && (UNNAMED_ARG_TYPES.has(inArgs[0].typeId) || relationTypes.has(inArgs[0].typeId)))
    );
  };
  const functionsOf = (schema: string) => byName(catalog.functions.filter((f) => f.schema === schema && callable(f)));

  const returnType = (schema: string, fn: CatalogFunction): TsType => {
    const tableArgs = byName(fn.args).filter((a) => a.mode === 'table');
    if (tableArgs.length > 0) return obj(tableArgs.map((a) => [propertyKey(a.name), typeOf(schema, a.typeId)]), { expanded: true });
    const relation = exposed.find((r) => r.schema === schema && r.id === fn.returnTypeRelationId);
    if (relation) return obj(columnsOf(relation.id).map((c) => column(schema, c, c.isNullable, false)), { expanded: true });
    return typeOf(schema, fn.returnTypeId);
  };
  // Overloads PostgREST cannot tell apart: their Returns says so, as postgres-meta's does.
  const conflict = (schema: string, fn: CatalogFunction, group: CatalogFunction[]): string | null => {
    const inArgs = inArgsOf(fn);
    const others = group.filter((other) => other !== fn).map((other) => ({ other, args: inArgsOf(other) }));
    const typeName = (id: number) => typesById.get(id)?.name ?? 'unknown';
    const advice = 'Try renaming the parameters or the function itself in the database so function overloading can be resolved';
    if (inArgs.length === 0) {
      const found = others.find(({ args }) => args.length === 1 && args[0].name === '' && args[0].hasDefault);
      if (found) return `Could not choose the best candidate function between: ${schema}.${fn.name}(), ${schema}.${fn.name}( => ${typeName(found.other.returnTypeId)}). ${advice}`;
    }
    if (inArgs.length === 1 && inArgs[0].name !== '') {
      const found = others.filter(({ args }) => args.length === 1 && args[0].name === inArgs[0].name && args[0].typeId !== inArgs[0].typeId);
      if (found.length > 0) {
        const all = [{ args: inArgs }, ...found].sort((a, b) => (a.args[0]?.typeId ?? 0) - (b.args[0]?.typeId ?? 0));
        const list = all.map(({ args }) => `${schema}.${fn.name}(${args.map((a) => `${a.name} => ${typeName(a.typeId)}`).join(', ')})`).join(', ');
        return `Could not choose the best candidate function between: ${list}. ${advice}`;
      }
    }
    return null;
  };
  const error = (message: string): TsType => intersection([obj([['error', 'true']]), JSON.stringify(message)]);
  const signature = (schema: string, fn: CatalogFunction, group: CatalogFunction[]): TsType => {
    const inArgs = inArgsOf(fn);
    const args: TsType = inArgs.length === 0 ? 'never' : obj(inArgs.map((a) => [`${propertyKey(a.name)}${a.hasDefault ? '?' : ''}`, typeOf(schema, a.typeId)]));
    const target = tableNameOf(fn.returnTypeRelationId, fn.returnTypeId);
    const tableArg = fn.args.length === 1 ? relationTypes.get(fn.args[0].typeId) : undefined;
    let returns: TsType;
    const conflictMessage = group.length > 1 ? conflict(schema, fn, group) : null;
    if (conflictMessage) {
      returns = error(conflictMessage);
    } else if (inArgs.length === 1 && inArgs[0].name === '' && relationTypes.has(inArgs[0].typeId) && !target) {
      returns = error(`the function ${schema}.${fn.name} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`);
    } else {
      const many = fn.prorows !== null && fn.prorows > 1;
      const set = fn.isSetReturning && (many || target === null);
      returns = withArraySuffix(returnType(schema, fn), set);
    }
    const members: TsMember[] = [
      ['Args', args],
      ['Returns', returns],
    ];
    if (target) {
      // Lets .rpc() callers select columns of the returned rows (postgrest-js reads it).
      const setOfTable = fn.isSetReturning && fn.returnTypeRelationId !== null;
      const many = fn.prorows !== null && fn.prorows > 1;
      const setof: TsMember[] = [
        ['from', tableArg ? JSON.stringify(tableArg.name) : '"*"'],
        ['to', JSON.stringify(target)],
        ['isOneToOne', String(tableArg && !setOfTable ? true : !many)],
        ['isSetofReturn', String(tableArg ? setOfTable : fn.isSetReturning)],
      ];
      members.push(['SetofOptions', obj(setof, { expanded: true })]);
    }
    return obj(members);
  };

  const computedFields = (schema: string, relation: CatalogRelation): TsMember[] =>
    functionsOf(schema)
      .filter((fn) => fn.argumentTypes === relation.name)
      .map((fn) => [propertyKey(fn.name), nullable(returnType(schema, fn), true)]);
  const relationshipsOf = (relation: CatalogRelation): TsType =>
    tuple(
      relationships
        .filter((r) => r.schema === relation.schema && r.relation === relation.name && r.referencedSchema === relation.schema)
        .map((r) => relationshipType(r, oneToOne)),
    );

  const table = (schema: string, t: CatalogRelation): TsType => {
    const columns = columnsOf(t.id);
    const fixed = (c: CatalogColumn) => c.identityGeneration === 'ALWAYS' || c.isGenerated;
    return obj(
      [
        ['Row', obj([...columns.map((c) => column(schema, c, c.isNullable, false)), ...computedFields(schema, t)], { expanded: true })],
        ['Insert', obj(columns.map((c) => (fixed(c) ? never(c) : column(schema, c, c.isNullable, c.isNullable || c.isIdentity || c.hasDefault))), { expanded: true })],
        ['Update', obj(columns.map((c) => (fixed(c) ? never(c) : column(schema, c, c.isNullable, true))), { expanded: true })],
        ['Relationships', relationshipsOf(t)],
      ],
      { expanded: true },
    );
  };
  const view = (schema: string, v: CatalogRelation): TsType => {
    const columns = columnsOf(v.id);
    const writable = () => obj(columns.map((c) => (!c.isUpdatable || c.isGenerated ? never(c) : column(schema, c, true, true))), { expanded: true });
    const members: TsMember[] = [['Row', obj([...columns.map((c) => column(schema, c, c.isNullable, false)), ...computedFields(schema, v)], { expanded: true })]];
    if (v.kind === 'view' && v.isUpdatable) members.push(['Insert', writable()], ['Update', writable()]);
    members.push(['Relationships', relationshipsOf(v)]);
    return obj(members, { expanded: true });
  };
  const section = (members: TsMember[]): TsType => obj(members.length === 0 ? [EMPTY] : members, { expanded: true });

  const schemaType = (schema: string): TsType => {
    const relations = byName(exposed.filter((r) => r.schema === schema));
    const enums = byName(catalog.types.filter((t) => t.schema === schema && t.enums.length > 0));
    const composites = byName(catalog.types.filter((t) => t.schema === schema && t.attributes.length > 0));
    const fnGroups = new Map<string, CatalogFunction[]>();
    for (const fn of functionsOf(schema)) fnGroups.set(fn.name, [...(fnGroups.get(fn.name) ?? []), fn]);
    const functions: TsMember[] = [...fnGroups].map(([name, fns]) => {
      fns.sort((a, b) => a.argumentTypes.localeCompare(b.argumentTypes) || a.returnType.localeCompare(b.returnType));
      return [propertyKey(name), union(fns.map((fn) => signature(schema, fn, fns)))];
    });
    return obj(
      [
        ['Tables', section(relations.filter((r) => r.kind === 'table' || r.kind === 'foreign_table').map((t) => [propertyKey(t.name), table(schema, t)]))],
        ['Views', section(relations.filter((r) => r.kind === 'view' || r.kind === 'materialized_view').map((v) => [propertyKey(v.name), view(schema, v)]))],
        ['Functions', section(functions)],
        ['Enums', section(enums.map((e) => [propertyKey(e.name), union(e.enums.map((label) => JSON.stringify(label)))]))],
        [
          'CompositeTypes',
          section(composites.map((c) => [propertyKey(c.name), obj(c.attributes.map((a) => [propertyKey(a.name), nullable(typeOf(schema, a.typeId), true)]), { expanded: true })])),
        ],
      ],
      { expanded: true },
    );
  };

  const database = schemas.map((s) => `  ${printMember(propertyKey(s), schemaType(s), 2)}\n`).join('');
  const constants = schemas.map((s) => constantsOf(s, enumsOf(catalog, s))).join('');
  return (
    'export type Json =\n  | string\n  | number\n  | boolean\n  | null\n  | { [key: string]: Json | undefined }\n  | Json[]\n\n' +
    `export type Database = {\n${database}}\n\n` +
    `${genTypesHelpers(defaultSchema)}\n` +
    `export const Constants = {${constants ? `\n${constants}` : ''}} as const\n`
  );
}

function withArraySuffix(type: TsType, set: boolean): TsType {
  if (!set) return type;
  if (typeof type === 'string') return `${type}[]`;
  if (type.kind === 'object') return { ...type, suffix: `${type.suffix ?? ''}[]` };
  return type.kind === 'union' ? `(${type.parts.map((p) => (typeof p === 'string' ? p : 'unknown')).join(' | ')})[]` : 'unknown[]';
}

function relationshipType(r: CatalogRelationship, oneToOne: boolean): TsType {
  const list = (names: string[]) => `[${names.map((n) => JSON.stringify(n)).join(', ')}]`;
  return obj(
    [
      ['foreignKeyName', JSON.stringify(r.foreignKeyName)],
      ['columns', list(r.columns)],
      ...(oneToOne ? [['isOneToOne', String(r.isOneToOne)] as TsMember] : []),
      ['referencedRelation', JSON.stringify(r.referencedRelation)],
      ['referencedColumns', list(r.referencedColumns)],
    ],
    { expanded: true },
  );
}

const enumsOf = (catalog: TypesCatalog, schema: string) =>
  catalog.types.filter((t) => t.schema === schema && t.enums.length > 0).sort((a, b) => a.name.localeCompare(b.name));

/** One schema's entry of `Constants`: its enums' labels as arrays (an object literal, so trailing commas). */
function constantsOf(schema: string, enums: { name: string; enums: string[] }[]): string {
  const entries = enums.map((e) => {
    const labels = e.enums.map((l) => JSON.stringify(l));
    const flat = `      ${propertyKey(e.name)}: [${labels.join(', ')}],`;
    return flat.length <= 80 ? `${flat}\n` : `      ${propertyKey(e.name)}: [\n${labels.map((l) => `        ${l},\n`).join('')}      ],\n`;
  });
  return `  ${propertyKey(schema)}: {\n    Enums: {${entries.length ? `\n${entries.join('')}    ` : ''}},\n  },\n`;
}
