/**
 * The generator of `site gen types` on a small catalog: each part of the
 * file `supabase gen types typescript` writes (Tables, Views, Functions,
 * Enums, CompositeTypes, Constants), typed as postgres-meta types columns.
 */
import { describe, expect, it } from 'vitest';
import { genTypes } from '../../../generator/backend/genTypes.ts';
import { intersection, obj, printMember, union } from '../../../generator/backend/printTsType.ts';
import type { CatalogColumn, CatalogFunction, CatalogType, TypesCatalog } from '../../../generator/backend/TypesCatalog.ts';

const col = (tableId: number, name: string, format: string, more: Partial<CatalogColumn> = {}): CatalogColumn => ({
  tableId,
  name,
  format,
  isNullable: false,
  isIdentity: false,
  identityGeneration: null,
  hasDefault: false,
  isGenerated: false,
  isUpdatable: true,
  ...more,
});
const type = (id: number, name: string, schema: string, more: Partial<CatalogType> = {}): CatalogType => ({ id, name, schema, enums: [], attributes: [], typeRelationId: null, ...more });

// Built-in type oids as Postgres numbers them.
const BUILTIN = [type(16, 'bool', 'pg_catalog'), type(20, 'int8', 'pg_catalog'), type(23, 'int4', 'pg_catalog'), type(25, 'text', 'pg_catalog'), type(3802, 'jsonb', 'pg_catalog'), type(2278, 'void', 'pg_catalog')];

const catalog: TypesCatalog = {
  schemas: ['public'],
  relations: [
    { id: 1, schema: 'public', name: 'posts', kind: 'table', isUpdatable: false },
    { id: 2, schema: 'public', name: 'authors', kind: 'table', isUpdatable: false },
    { id: 3, schema: 'public', name: 'post_titles', kind: 'view', isUpdatable: true },
    { id: 4, schema: 'public', name: 'post_counts', kind: 'materialized_view', isUpdatable: false },
    { id: 9, schema: 'private', name: 'secrets', kind: 'table', isUpdatable: false },
  ],
  columns: [
    col(1, 'id', 'int8', { isIdentity: true, identityGeneration: 'ALWAYS', hasDefault: false }),
    col(1, 'title', 'text'),
    col(1, 'body', 'text', { isNullable: true }),
    col(1, 'tags', '_text', { hasDefault: true }),
    col(1, 'meta', 'jsonb', { isNullable: true }),
    col(1, 'status', 'post_status', { hasDefault: true }),
    col(1, 'mood', 'mood', { isNullable: true }),
    col(1, 'slug', 'text', { isGenerated: true, hasDefault: true }),
    col(1, 'author_id', 'int4'),
    col(1, 'user-name', 'varchar', { isNullable: true }),
    col(2, 'id', 'int4', { isIdentity: true, identityGeneration: 'BY DEFAULT' }),
    col(2, 'published', 'bool', { hasDefault: true }),
    col(3, 'id', 'int8', { isNullable: true, isUpdatable: false }),
    col(3, 'title', 'text', { isNullable: true }),
    col(4, 'n', 'int8', { isNullable: true }),
    col(9, 'secret', 'text'),
  ],
  relationships: [
    {
      foreignKeyName: 'posts_author_id_fkey',
      schema: 'public',
      relation: 'posts',
      columns: ['author_id'],
      isOneToOne: false,
      referencedSchema: 'public',
      referencedRelation: 'authors',
      referencedColumns: ['id'],
    },
    {
      foreignKeyName: 'authors_id_fkey',
      schema: 'public',
      relation: 'authors',
      columns: ['id'],
      isOneToOne: true,
      referencedSchema: 'auth',
      referencedRelation: 'users',
      referencedColumns: ['id'],
    },
  ],
  functions: [
    { schema: 'public', name: 'post_count', args: [], argumentTypes: '', returnType: 'bigint', returnTypeId: 20, returnTypeRelationId: null, isSetReturning: false, prorows: null },
    {
      schema: 'public',
      name: 'search_posts',
      args: [
        { mode: 'in', name: 'query', typeId: 25, hasDefault: false },
        { mode: 'in', name: 'max', typeId: 23, hasDefault: true },
      ],
      argumentTypes: 'query text, max integer DEFAULT 10',
      returnType: 'SETOF posts',
      returnTypeId: 1001,
      returnTypeRelationId: 1,
      isSetReturning: true,
      prorows: 1000,
    },
    {
      schema: 'public',
      name: 'stats',
      args: [
        { mode: 'table', name: 'total', typeId: 20, hasDefault: false },
        { mode: 'table', name: 'label', typeId: 25, hasDefault: false },
      ],
      argumentTypes: '',
      returnType: 'TABLE(total bigint, label text)',
      returnTypeId: 2249,
      returnTypeRelationId: null,
      isSetReturning: true,
      prorows: 1000,
    },
    { schema: 'public', name: 'echo', args: [{ mode: 'in', name: 'x', typeId: 25, hasDefault: false }], argumentTypes: 'x text', returnType: 'text', returnTypeId: 25, returnTypeRelationId: null, isSetReturning: false, prorows: null },
    { schema: 'public', name: 'echo', args: [{ mode: 'in', name: 'n', typeId: 23, hasDefault: false }, { mode: 'in', name: 'm', typeId: 23, hasDefault: false }], argumentTypes: 'n integer, m integer', returnType: 'integer', returnTypeId: 23, returnTypeRelationId: null, isSetReturning: false, prorows: null },
    // One unnamed integer argument: PostgREST cannot call it, so it is left out.
    { schema: 'public', name: 'unnamed', args: [{ mode: 'in', name: '', typeId: 23, hasDefault: false }], argumentTypes: 'integer', returnType: 'integer', returnTypeId: 23, returnTypeRelationId: null, isSetReturning: false, prorows: null },
    { schema: 'private', name: 'hidden', args: [], argumentTypes: '', returnType: 'void', returnTypeId: 2278, returnTypeRelationId: null, isSetReturning: false, prorows: null },
  ],
  types: [
    ...BUILTIN,
    type(100, 'post_status', 'public', { enums: ['draft', 'published', 'archived'] }),
    type(101, 'mood', 'private', { enums: ['happy', 'sad'] }),
    type(102, 'point2', 'public', { attributes: [{ name: 'x', typeId: 23 }, { name: 'y', typeId: 23 }] }),
    type(103, 'weekday', 'public', { enums: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] }),
    type(1001, 'posts', 'public', { typeRelationId: 1 }),
  ],
};

const out = genTypes(catalog);
/** The block of `name: {` at the given indent, up to its closing brace. */
const block = (name: string, indent: number) => {
  const pad = ' '.repeat(indent);
  const start = out.indexOf(`\n${pad}${name}: {\n`);
  expect(start, `${name} at indent ${indent}`).toBeGreaterThanOrEqual(0);
  return out.slice(start + 1, out.indexOf(`\n${pad}}`, start) + indent + 2);
};

describe('genTypes', () => {
  it('starts with Json and the schemas of the catalog only', () => {
    expect(out.startsWith('export type Json =\n  | string\n  | number\n  | boolean\n  | null\n  | { [key: string]: Json | undefined }\n  | Json[]\n\nexport type Database = {\n  public: {\n    Tables: {\n')).toBe(true);
    expect(out).not.toContain('private');
    expect(out).not.toContain('secret');
    expect(out).not.toContain('__InternalSupabase:');
  });

  it('types a table: Row as stored, Insert optional where a default, identity or null allows, never for what the database computes', () => {
    expect(block('posts', 6)).toBe(
      [
        '      posts: {',
        '        Row: {',
        '          author_id: number',
        '          body: string | null',
        '          id: number',
        '          meta: Json | null',
        '          mood: "happy" | "sad" | null',
        '          slug: string',
        '          status: Database["public"]["Enums"]["post_status"]',
        '          tags: string[]',
        '          title: string',
        '          "user-name": string | null',
        '        }',
        '        Insert: {',
        '          author_id: number',
        '          body?: string | null',
        '          id?: never',
        '          meta?: Json | null',
        '          mood?: "happy" | "sad" | null',
        '          slug?: never',
        '          status?: Database["public"]["Enums"]["post_status"]',
        '          tags?: string[]',
        '          title: string',
        '          "user-name"?: string | null',
        '        }',
        '        Update: {',
        '          author_id?: number',
        '          body?: string | null',
        '          id?: never',
        '          meta?: Json | null',
        '          mood?: "happy" | "sad" | null',
        '          slug?: never',
        '          status?: Database["public"]["Enums"]["post_status"]',
        '          tags?: string[]',
        '          title?: string',
        '          "user-name"?: string | null',
        '        }',
        '        Relationships: [',
        '          {',
        '            foreignKeyName: "posts_author_id_fkey"',
        '            columns: ["author_id"]',
        '            isOneToOne: false',
        '            referencedRelation: "authors"',
        '            referencedColumns: ["id"]',
        '          },',
        '        ]',
        '      }',
      ].join('\n'),
    );
  });

  it('lists only foreign keys into the same schema, and a BY DEFAULT identity is optional', () => {
    const authors = block('authors', 6);
    expect(authors).toContain('        Insert: {\n          id?: number\n          published?: boolean\n        }');
    expect(authors).toContain('        Relationships: []');
  });

  it('types views: Insert and Update only for an updatable view, never for a column it cannot write', () => {
    expect(block('post_titles', 6)).toBe(
      [
        '      post_titles: {',
        '        Row: {',
        '          id: number | null',
        '          title: string | null',
        '        }',
        '        Insert: {',
        '          id?: never',
        '          title?: string | null',
        '        }',
        '        Update: {',
        '          id?: never',
        '          title?: string | null',
        '        }',
        '        Relationships: []',
        '      }',
      ].join('\n'),
    );
    expect(block('post_counts', 6)).toBe('      post_counts: {\n        Row: {\n          n: number | null\n        }\n        Relationships: []\n      }');
  });

  it('types functions: Args never without arguments, optional with a default, overloads as a union, set-returning ones as arrays, returned columns by name', () => {
    const functions = block('Functions', 4);
    expect(functions).toContain('      post_count: { Args: never; Returns: number }\n');
    expect(functions).toContain('      echo:\n        | { Args: { m: number; n: number }; Returns: number }\n        | { Args: { x: string }; Returns: string }\n');
    expect(functions).toContain('      stats: {\n        Args: never\n        Returns: {\n          label: string\n          total: number\n        }[]\n      }\n');
    expect(functions).toContain(
      [
        '      search_posts: {',
        '        Args: { max?: number; query: string }',
        '        Returns: {',
        '          author_id: number',
      ].join('\n'),
    );
    expect(functions).toContain('        }[]\n        SetofOptions: {\n          from: "*"\n          to: "posts"\n          isOneToOne: false\n          isSetofReturn: true\n        }\n      }');
    expect(functions).not.toContain('unnamed');
  });

  it('types enums (a union broken over lines when long), composite types and the Constants object', () => {
    expect(block('Enums', 4)).toBe(
      [
        '    Enums: {',
        '      post_status: "draft" | "published" | "archived"',
        '      weekday:',
        '        | "monday"',
        '        | "tuesday"',
        '        | "wednesday"',
        '        | "thursday"',
        '        | "friday"',
        '        | "saturday"',
        '        | "sunday"',
        '    }',
      ].join('\n'),
    );
    expect(block('CompositeTypes', 4)).toBe('    CompositeTypes: {\n      point2: {\n        x: number | null\n        y: number | null\n      }\n    }');
    expect(out.endsWith(
      [
        'export const Constants = {',
        '  public: {',
        '    Enums: {',
        '      post_status: ["draft", "published", "archived"],',
        '      weekday: [',
        '        "monday",',
        '        "tuesday",',
        '        "wednesday",',
        '        "thursday",',
        '        "friday",',
        '        "saturday",',
        '        "sunday",',
        '      ],',
        '    },',
        '  },',
        '} as const\n',
      ].join('\n'),
    )).toBe(true);
  });

  it('says in Returns when PostgREST cannot choose between overloads or call a function of a row', () => {
    const fn = (args: CatalogFunction['args'], returnTypeId: number) => ({ schema: 'public', name: 'f', args, argumentTypes: args.map((a) => a.name).join(', '), returnType: '', returnTypeId, returnTypeRelationId: null, isSetReturning: false, prorows: null });
    const text = genTypes({
      ...catalog,
      functions: [
        fn([{ mode: 'in', name: 'a', typeId: 23, hasDefault: false }], 25),
        fn([{ mode: 'in', name: 'a', typeId: 25, hasDefault: false }], 23),
        { ...fn([{ mode: 'in', name: '', typeId: 1001, hasDefault: false }], 25), name: 'title_upper', argumentTypes: 'posts' },
      ],
    });
    const advice = 'Try renaming the parameters or the function itself in the database so function overloading can be resolved';
    expect(text).toContain(
      `      f:\n        | {\n            Args: { a: number }\n            Returns: {\n              error: true\n            } & "Could not choose the best candidate function between: public.f(a => int4), public.f(a => text). ${advice}"\n          }\n`,
    );
    expect(text).toContain('"the function public.title_upper with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache"');
    // A function of a table's row is also a column of it (a computed field).
    expect(text).toContain('          "user-name": string | null\n          title_upper: string | null\n        }\n        Insert: {');
  });

  it('writes the helper types for the default schema', () => {
    expect(out).toContain('type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">\n');
    expect(out).toContain('type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]\n');
    for (const helper of ['Tables', 'TablesInsert', 'TablesUpdate', 'Enums', 'CompositeTypes']) expect(out).toContain(`export type ${helper}<\n`);
    expect(genTypes(catalog, { defaultSchema: 'api' })).toContain('Extract<keyof Database, "api">');
  });

  it('writes [_ in never]: never for an empty section and an empty schema', () => {
    const empty = genTypes({ schemas: ['public'], relations: [], columns: [], relationships: [], functions: [], types: BUILTIN });
    expect(empty).toContain(
      '  public: {\n    Tables: {\n      [_ in never]: never\n    }\n    Views: {\n      [_ in never]: never\n    }\n    Functions: {\n      [_ in never]: never\n    }\n    Enums: {\n      [_ in never]: never\n    }\n    CompositeTypes: {\n      [_ in never]: never\n    }\n  }\n}\n',
    );
    expect(empty.endsWith('export const Constants = {\n  public: {\n    Enums: {},\n  },\n} as const\n')).toBe(true);
  });
});

describe('printMember', () => {
  it('keeps a member on one line up to 80 columns and breaks a longer union below its key', () => {
    const parts = ['"aaaaaaaaaa"', '"bbbbbbbbbb"', '"cccccccccc"', '"dddddddddd"', '"eeeeeeeeee"'];
    expect(printMember('k', union(parts), 2)).toBe(`k: ${parts.join(' | ')}`);
    expect(printMember('key', union([...parts, '"ffff"']), 4)).toBe(`key:\n${[...parts, '"ffff"'].map((p) => `      | ${p}`).join('\n')}`);
    expect(printMember('a', obj([['b', 'string']]), 0)).toBe('a: { b: string }');
    expect(printMember('a', obj([['b', 'string']], { expanded: true }), 0)).toBe('a: {\n  b: string\n}');
  });

  it('hugs one object beside null, and breaks the object of a long intersection', () => {
    expect(printMember('row', union([obj([['id', 'number']], { expanded: true }), 'null']), 2)).toBe('row: {\n    id: number\n  } | null');
    const message = JSON.stringify('x'.repeat(80));
    expect(printMember('Returns', intersection([obj([['error', 'true']]), message]), 4)).toBe(`Returns: {\n      error: true\n    } & ${message}`);
    expect(printMember('Returns', intersection([obj([['error', 'true']]), '"short"']), 4)).toBe('Returns: { error: true } & "short"');
  });
});
