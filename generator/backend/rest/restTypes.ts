/** One step of a JSON path: `->key`, `->>key`, `->0`. */
export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
  /** An array index (`->0`, `->-1`), sent as an int. */
  index?: true;
}

/** A column with an optional JSON path, as in `data->a->>b`. */
export interface RestField {
  name: string;
  jsonPath?: JsonStep[];
}

/** count(), sum(), avg(), max(), min() in select (`count()`, `col.sum()`, `col.sum()::int`). */
export type RestAggregate = 'count' | 'sum' | 'avg' | 'max' | 'min';

export type RestSelectItem =
  | { kind: 'field'; name: string; jsonPath?: JsonStep[]; cast?: string; alias?: string; aggregate?: RestAggregate; aggregateCast?: string }
  | { kind: 'star' }
  | { kind: 'embed'; name: string; alias?: string; hint?: string; join?: 'inner' | 'left'; select: RestSelectItem[] }
  /** `...table(cols)`: the columns of a to-one embed, in the parent's object. */
  | { kind: 'spread'; name: string; hint?: string; join?: 'inner' | 'left'; select: RestSelectItem[] };

export type RestOperator =
  | 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch'
  | 'in' | 'is' | 'isdistinct' | 'fts' | 'plfts' | 'phfts' | 'wfts'
  | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj';

/** One `column=op.value` filter, as PostgREST reads it. */
export interface RestFilter {
  column: string;
  op: RestOperator;
  negate: boolean;
  /** One value, or several for `in`. Never spliced into SQL. */
  values: string[];
  jsonPath?: JsonStep[];
  /** `like(any).{a,b}` */
  quantifier?: 'any' | 'all';
  /** `fts(english).word` */
  language?: string;
  /** Filters an embedded resource: `cities.name=eq.x` has embed ['cities']. */
  embed?: string[];
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))`, `not.and=(...)`. */
export interface RestLogic {
  logic: 'and' | 'or';
  negate: boolean;
  children: (RestFilter | RestLogic)[];
  embed?: string[];
}

export type RestCondition = RestFilter | RestLogic;

export interface RestOrder {
  column: string;
  descending: boolean;
  nulls: 'first' | 'last' | null;
  jsonPath?: JsonStep[];
  /** `order=country(name)`: a column of a to-one embedded resource. */
  relation?: string;
}

/** order/limit/offset of one embedded resource (`cities.order=name`, `cities.limit=2`). */
export interface RestEmbedModifiers {
  order: RestOrder[];
  limit: number | null;
  offset: number | null;
}

export const isLogic = (c: RestCondition): c is RestLogic => 'logic' in c;
