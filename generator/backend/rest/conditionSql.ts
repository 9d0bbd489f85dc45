import type { JsonStep, RestCondition, RestFilter } from './restTypes.ts';
import { isLogic } from './restTypes.ts';

export type Param = (value: unknown) => string;

/** Resolves a filter's column (checked against the catalog) to SQL and its type. */
export type ColumnRef = (name: string) => { sql: string; type?: string };

const SIMPLE: Record<string, string> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-',
};
const FTS: Record<string, string> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };
const IS: Record<string, string> = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' };
const TEXT_TYPES = /^(text|character varying|character|json|jsonb|varchar|char)\b/;

/** `->$1`, `->>$2`, `->$3::int`: keys and indexes as parameters. */
export function jsonPathSql(path: JsonStep[] | undefined, param: Param): string {
  return (path ?? []).map((s) => `${s.arrow}${param(s.key)}${s.index ? '::int' : ''}`).join('');
}

/**
 * Pure: a filter or logic tree -> SQL, PostgREST's operators (SqlFragment.hs):
 * every value is a parameter Postgres types from the column, `*` is `%` in
 * like/ilike, `in` is a list, `is` a keyword, fts wraps a text column in to_tsvector.
 */
export function conditionSql(cond: RestCondition, column: ColumnRef, param: Param): string {
  if (isLogic(cond)) {
    const inner = cond.children.map((c) => conditionSql(c, column, param)).join(` ${cond.logic} `);
    return cond.negate ? `not (${inner})` : `(${inner})`;
  }
  const sql = filterSql(cond, column, param);
  return cond.negate ? `not (${sql})` : sql;
}

function filterSql(filter: RestFilter, column: ColumnRef, param: Param): string {
  const ref = column(filter.column);
  const field = ref.sql + jsonPathSql(filter.jsonPath, param);
  const value = filter.values[0];
  switch (filter.op) {
    case 'is':
      return `${field} is ${IS[value]}`;
    case 'in':
      return filter.values.length && !(filter.values.length === 1 && filter.values[0] === '') ? `${field} in (${filter.values.map((v) => param(v)).join(', ')})` : 'false';
    case 'isdistinct':
      return `${field} is distinct from ${param(value)}`;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const lang = filter.language ? `${param(filter.language)}::regconfig, ` : '';
      const vector = ref.type && !filter.jsonPath && TEXT_TYPES.test(ref.type) ? `to_tsvector(${lang}${field})` : field;
      return `${vector} @@ ${FTS[filter.op]}(${lang}${param(value)})`;
    }
    default: {
      const star = filter.op === 'like' || filter.op === 'ilike';
      const v = star ? value.replace(/\*/g, '%') : value;
      const target = star ? `${field}::text` : field;
      const rhs = filter.quantifier ? `${filter.quantifier}(${param(v)})` : param(v);
      return `${target} ${SIMPLE[filter.op]} ${rhs}`;
    }
  }
}
