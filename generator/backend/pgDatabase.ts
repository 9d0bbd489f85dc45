import { types } from '@electric-sql/pglite';
import pg from 'pg';
import { BackendError } from './BackendError.ts';
import type { Database, QueryResult, Queryable } from './Database.ts';
import { withoutPassword } from './withoutPassword.ts';

type Parser = (text: string) => unknown;

/** Command tags whose row count PGlite reports as affectedRows (every other command: 0). */
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * A PostgreSQL server (postgres://user@host:port/db) as the backend's
 * Database: a pg Pool whose rows are parsed exactly as PGlite parses them
 * (int8 as a number when safe, date as a Date, interval and point as text,
 * every array), so the HTTP API answers byte for byte as on PGlite.
 * Each transaction holds one pooled connection from BEGIN to COMMIT or
 * ROLLBACK and gives it back either way (destroyed if it cannot roll back).
 */
export async function pgDatabase(url: string, options: { max?: number } = {}): Promise<Database> {
  const parsers = await pgliteParsers(url);
  const pool = new pg.Pool({
    connectionString: url,
    // Timestamps in JSON as PGlite and hosted Supabase write them (+00:00), whatever the server's TimeZone; a URL's own options win.
    ...(new URL(url).searchParams.has('options') ? {} : { options: '-c TimeZone=UTC' }),
    max: options.max ?? 10,
    types: { getTypeParser: ((oid: number) => parsers.get(oid) ?? ((text: string) => text)) as pg.CustomTypesConfig['getTypeParser'] },
  });
  // An idle connection the server drops (restart, timeout) must not end the process; the next query reconnects.
  pool.on('error', () => {});
  return {
    ...queryable(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await fn(queryable(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

function queryable(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    // No serializers: node-postgres sends every parameter as text, which is what they are for.
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const result = await target.query(sql, params);
      return { rows: result.rows as T[], affectedRows: COUNTED.has(result.command) ? (result.rowCount ?? 0) : 0 };
    },
    exec: (sql: string) => target.query(sql),
  };
}

/** PGlite's parsers, plus one for every array type the server knows (as PGlite builds them when it starts). */
async function pgliteParsers(url: string): Promise<Map<number, Parser>> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackendError(
      'BackendDatabaseUnreachable',
      `The PostgreSQL server at ${withoutPassword(url)} refused the connection: ${(error as Error).message}.`,
      'Start the server (or fix the URL: postgres://user:password@host:port/database) and start the backend again.',
      { cause: error },
    );
  }
  try {
    const arrays = await client.query<{ oid: number; typarray: number }>(
      `select b.oid, b.typarray from pg_catalog.pg_type a join pg_catalog.pg_type b on b.oid = a.typelem
        where a.typcategory = 'A' group by b.oid, b.typarray`,
    );
    const parsers = new Map<number, Parser>(Object.entries(types.parsers).map(([oid, parse]) => [Number(oid), parse as Parser]));
    const identity: Parser = (text) => text;
    for (const { oid, typarray } of arrays.rows) {
      const element = parsers.get(oid) ?? identity;
      parsers.set(typarray, (text) => types.arrayParser(text, element, typarray));
    }
    return parsers;
  } finally {
    await client.end();
  }
}
