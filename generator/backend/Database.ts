/** What a query returns: the rows (parsed as PGlite parses them) and, for insert/update/delete, how many rows changed. */
export interface QueryResult<T> {
  rows: T[];
  affectedRows?: number;
}

/** How parameters become text, per type OID (PGlite's `serializers`). */
export interface QueryOptions {
  serializers?: Record<number, (value: unknown) => string>;
}

/** Runs statements: a database, or one transaction of it. */
export interface Queryable {
  /**
   * One statement with $1.. parameters (extended protocol). `serializers` (PGlite's option, by type
   * OID) turn a parameter into its text form; a PostgreSQL server gets every parameter as text already.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
  /** Any number of statements, no parameters (simple protocol). */
  exec(sql: string): Promise<unknown>;
}

/**
 * The storage the backend runs on: PGlite (openDatabase.ts) satisfies it as
 * is; a PostgreSQL server does through pgDatabase.ts. Everything in fn runs
 * on one connection in one transaction (so SET LOCAL ROLE and
 * set_config(..., true) hold for all of it), committed when fn resolves and
 * rolled back when it throws.
 */
export interface Database extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
