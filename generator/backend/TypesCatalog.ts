/**
 * What `site gen types` reads from the catalog (loadTypesCatalog.ts), in the
 * terms of postgres-meta, whose TypeScript template `supabase gen types`
 * runs: relations, their columns, foreign keys, functions and every type.
 */
export interface TypesCatalog {
  /** The requested schemas that exist. */
  schemas: string[];
  relations: CatalogRelation[];
  columns: CatalogColumn[];
  relationships: CatalogRelationship[];
  functions: CatalogFunction[];
  /** Every type of the database (system ones too): args, returns and columns are looked up here. */
  types: CatalogType[];
}

export interface CatalogRelation {
  id: number;
  schema: string;
  name: string;
  kind: 'table' | 'view' | 'materialized_view' | 'foreign_table';
  /** A view that takes inserts and updates (pg_relation_is_updatable). */
  isUpdatable: boolean;
}

export interface CatalogColumn {
  tableId: number;
  name: string;
  /** The type's name (the base type's for a domain): `text`, `int8`, `_text`, `app_role`. */
  format: string;
  isNullable: boolean;
  isIdentity: boolean;
  identityGeneration: 'ALWAYS' | 'BY DEFAULT' | null;
  hasDefault: boolean;
  /** GENERATED ALWAYS AS (...): computed by the database, never written. */
  isGenerated: boolean;
  /** Writable through its view (always true for a table's column). */
  isUpdatable: boolean;
}

export interface CatalogRelationship {
  foreignKeyName: string;
  schema: string;
  relation: string;
  columns: string[];
  /** The referencing columns are the whole of a primary key or unique constraint. */
  isOneToOne: boolean;
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: string[];
}

export interface CatalogFunctionArg {
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table';
  /** '' when unnamed. */
  name: string;
  typeId: number;
  hasDefault: boolean;
}

export interface CatalogFunction {
  schema: string;
  name: string;
  args: CatalogFunctionArg[];
  /** pg_get_function_arguments: the argument list as text (a table's name for a computed field). */
  argumentTypes: string;
  /** pg_get_function_result. */
  returnType: string;
  returnTypeId: number;
  /** The relation whose row type it returns, if any. */
  returnTypeRelationId: number | null;
  isSetReturning: boolean;
  /** ROWS estimate of a set-returning function. */
  prorows: number | null;
}

export interface CatalogType {
  id: number;
  name: string;
  schema: string;
  /** Labels of an enum, in order; [] otherwise. */
  enums: string[];
  /** Fields of a composite type; [] otherwise. */
  attributes: { name: string; typeId: number }[];
  /** The relation of a row type. */
  typeRelationId: number | null;
}
