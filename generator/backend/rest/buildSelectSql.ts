import { conditionSql, jsonPathSql, type Param } from './conditionSql.ts';
import { findRelationship, type RestJoin } from './findRelationship.ts';
import type { RestCatalog } from './loadCatalog.ts';
import type { RestRequest } from './parseRestRequest.ts';
import { RestError } from './RestError.ts';
import type { RestCondition, RestOrder, RestSelectItem } from './restTypes.ts';
import { isLogic } from './restTypes.ts';

/** One table of the select tree: the root or an embedded resource. */
interface Level {
  table: string;
  /** How SQL names its rows: "public"."t" for the root, "_pgrst_N" for an embed. */
  ref: string;
  /** The whole row, as a computed field's argument: "t" for the root, "_pgrst_N" for an embed. */
  row: string;
  /** FROM of an embed that is a computed relationship: the function called with the parent's row. */
  fromSql?: string;
  /** The embed path (aliases or names joined by dots); '' for the root. */
  path: string;
  items: RestSelectItem[];
}

/** An embedded resource: `t(...)` or a spread `...t(...)` (which has no alias). */
type Embed = Extract<RestSelectItem, { kind: 'embed' | 'spread' }>;

/**
 * Pure: the read of a table (GET/HEAD) as one statement, so row-level
 * security applies to embedded tables as to the root: embedded resources are
 * correlated subqueries (a json object for to-one, a json array for
 * to-many), `!inner` and `embed=not.is.null` are EXISTS, filters and
 * order/limit/offset apply at their own level. The statement returns `body`
 * (json or csv text), `page` (rows in the body) and `total` (with a count);
 * countText is the root's filtered rows, for a planned count. With
 * `rootSource` (the name of a function call's result, for RPC) the root's
 * rows come from it rather than from the table, whose columns it has.
 */
export function buildSelectSql(
  request: RestRequest,
  catalog: RestCatalog,
  maxRows: number | null,
  param: Param,
  rootSource?: string,
): { text: string; countText: string } {
  const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const schema = ident(catalog.schema);
  let aliases = 0;
  checkEmbedPaths(request);

  const columnOf = (level: Level, name: string) => {
    const table = catalog.tables.get(level.table);
    const i = table ? table.columns.indexOf(name) : -1;
    if (table && i >= 0) return { sql: `${level.ref}.${ident(name)}`, type: table.types?.[i] };
    // A computed field: a function taking a row of this table, read as a column.
    const fn = catalog.computed?.find((f) => f.name === name && f.table === level.table);
    if (fn) return { sql: `${schema}.${ident(fn.name)}(${level.row})`, type: fn.type };
    // `t(count)`: Postgres reads `row.count` as count(row), the rows of this level counted (as under PostgREST).
    if (name === 'count') return { sql: `count(${level.row})`, type: 'bigint' };
    // Named as Postgres names it under PostgREST, whose embedded tables are aliased <table>_<depth>.
    const alias = level.path ? `${level.table}_${level.path.split('.').length}` : level.table;
    throw new RestError(400, '42703', `column ${alias}.${name} does not exist`);
  };
  const embedsOf = (level: Level) => level.items.filter((i): i is Embed => i.kind === 'embed' || i.kind === 'spread');
  const keyOf = (e: Embed) => (e.kind === 'embed' ? (e.alias ?? e.name) : e.name);
  const joinOf = (level: Level, e: Embed) => findRelationship(catalog, level.table, e.name, e.hint);
  const child = (level: Level, e: Embed, join: RestJoin): Level => {
    const ref = ident(`_pgrst_${++aliases}`);
    return {
      table: join.table,
      ref,
      row: ref,
      ...(join.computed !== undefined && { fromSql: `${schema}.${ident(join.computed)}(${level.row})` }),
      path: level.path ? `${level.path}.${keyOf(e)}` : keyOf(e),
      items: e.select.length ? e.select : [{ kind: 'star' }],
    };
  };
  const joinSql = (parent: Level, c: Level, join: RestJoin) => {
    if (join.computed !== undefined) return 'true';
    if (!join.junction) return join.pairs.map(([p, ch]) => `${c.ref}.${ident(ch)} = ${parent.ref}.${ident(p)}`).join(' and ');
    const j = ident(`_pgrst_${++aliases}`);
    const on = [
      ...join.junction.childPairs.map(([ch, jc]) => `${j}.${ident(jc)} = ${c.ref}.${ident(ch)}`),
      ...join.junction.parentPairs.map(([p, jc]) => `${j}.${ident(jc)} = ${parent.ref}.${ident(p)}`),
    ];
    return `exists (select 1 from ${schema}.${ident(join.junction.table)} ${j} where ${on.join(' and ')})`;
  };
  const from = (level: Level) =>
    !level.path && rootSource
      ? `${ident(rootSource)} ${level.ref}`
      : `${level.fromSql ?? `${schema}.${ident(level.table)}`}${level.path ? ` ${level.ref}` : ''}`;

  const existsSql = (parent: Level, e: Embed) => {
    const join = joinOf(parent, e);
    const c = child(parent, e, join);
    return `exists (select 1 from ${from(c)} where ${wheres(c, joinSql(parent, c, join)).join(' and ')})`;
  };

  function wheres(level: Level, joinCondition?: string): string[] {
    const parts = joinCondition ? [joinCondition] : [];
    for (const cond of [...request.filters, ...request.logic]) {
      if ((cond.embed ?? []).join('.') !== level.path) continue;
      const nullEmbed = !isLogic(cond) && cond.op === 'is' && ['null', 'not_null'].includes(cond.values[0]) && !cond.jsonPath
        ? embedsOf(level).find((e) => keyOf(e) === cond.column)
        : undefined;
      if (nullEmbed && !isLogic(cond)) {
        const present = (cond.values[0] === 'not_null') !== cond.negate;
        parts.push(`${present ? '' : 'not '}${existsSql(level, nullEmbed)}`);
        continue;
      }
      parts.push(conditionSql(cond as RestCondition, (name) => columnOf(level, name), param));
    }
    for (const e of embedsOf(level)) if (e.join === 'inner') parts.push(existsSql(level, e));
    return parts;
  }

  /** One output column of a level: its SQL, its key in the JSON object (none for `t.*`), and whether it aggregates. */
  type Entry = { sql: string; key?: string; aggregate: boolean; implicit?: true };
  const isColumn = (level: Level, name: string) => catalog.tables.get(level.table)?.columns.includes(name) ?? false;

  function entries(level: Level, expandStar = false): Entry[] {
    const aggregates = level.items.some((i) => i.kind === 'field' && i.aggregate);
    const all = level.items.flatMap((item): Entry[] => {
      if (item.kind === 'star') {
        // With an aggregate the columns are grouped by, so `*` is spelled out, as PostgREST does.
        if (!aggregates && !expandStar) return [{ sql: `${level.ref}.*`, aggregate: false }];
        return (catalog.tables.get(level.table)?.columns ?? []).map((col) => ({ sql: `${level.ref}.${ident(col)}`, key: col, aggregate: false }));
      }
      // `t()` only filters (with !inner or `t=not.is.null`): nothing of it is in the output.
      if (item.kind === 'embed') return item.select.length ? [{ sql: embedSql(level, item), key: keyOf(item), aggregate: false }] : [];
      if (item.kind === 'spread') return spreadEntries(level, item);
      if (item.aggregate) {
        if (!catalog.settings?.aggregatesEnabled) throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
        let sql = `${item.aggregate}(${item.name === '*' ? '*' : fieldValue(level, item)})`;
        if (item.aggregateCast) sql = `cast(${sql} as ${item.aggregateCast})`;
        return [{ sql, key: item.alias ?? item.aggregate, aggregate: true }];
      }
      const lastKey = item.jsonPath?.length ? item.jsonPath[item.jsonPath.length - 1] : undefined;
      const key = item.alias ?? (lastKey && !lastKey.index ? lastKey.key : item.name);
      // A plain column is named by Postgres as it is; `as` only where the name would differ.
      const named = item.alias !== undefined || item.jsonPath !== undefined || item.cast !== undefined || !isColumn(level, item.name);
      return [{ sql: fieldValue(level, item), key, ...(named ? {} : { implicit: true }), aggregate: false }];
    });
    distinctEmbeds(level);
    return all;
  }

  /**
   * PostgREST joins each embed as <table>_<alias or name>_<depth>: two embeds of one level under the
   * same name (`users!a(*), users!b(*)` without aliases) make Postgres refuse the statement (42712).
   */
  function distinctEmbeds(level: Level): void {
    const seen = new Set<string>();
    for (const e of embedsOf(level)) {
      const key = keyOf(e);
      if (seen.has(key)) {
        const depth = level.path ? level.path.split('.').length + 1 : 1;
        throw new RestError(400, '42712', `table name "${level.table}_${key}_${depth}" specified more than once`);
      }
      seen.add(key);
    }
  }

  function fieldValue(level: Level, item: Extract<RestSelectItem, { kind: 'field' }>): string {
    const value = columnOf(level, item.name).sql + jsonPathSql(item.jsonPath, param);
    return item.cast ? `cast(${value} as ${item.cast})` : value;
  }

  /**
   * `...t(cols)`: each column of a to-one embed, read from it beside the parent's own. Of a to-many
   * embed, as PostgREST 13 spreads it (supabase/.temp/rest-version names 13 or later), each column
   * becomes the array of its values over the related rows (their filters, order, limit and offset
   * applied; `[]` without any); as 12.2, 400 PGRST119.
   */
  function spreadEntries(parent: Level, e: Embed): Entry[] {
    const join = joinOf(parent, e);
    if (!join.toOne && !catalog.settings?.toManySpreads) {
      throw new RestError(400, 'PGRST119', `A spread operation on '${e.name}' is not possible`, `'${parent.table}' and '${e.name}' do not form a many-to-one or one-to-one relationship`);
    }
    const c = child(parent, e, join);
    const where = wheres(c, joinSql(parent, c, join)).join(' and ');
    const columns = entries(c, true);
    if (join.toOne) return columns.map((x) => ({ sql: `(select ${x.sql} from ${from(c)} where ${where})`, key: x.key, aggregate: false }));
    const mods = request.embedModifiers[c.path];
    const rows = `select ${columns.map((x, i) => `${x.sql} as _pgrst_c${i}`).join(', ')} from ${from(c)} where ${where}${orderSql(c, mods?.order ?? [])}${page(mods?.limit ?? null, mods?.offset ?? null)}`;
    return columns.map((x, i) => ({ sql: `(select coalesce(json_agg(_pgrst_s._pgrst_c${i}), '[]') from (${rows}) _pgrst_s)`, key: x.key, aggregate: false }));
  }

  function selectList(level: Level): { list: string; groupBy: string } {
    const all = entries(level);
    const list = all.map((x) => (x.key === undefined || x.implicit ? x.sql : `${x.sql} as ${ident(x.key)}`)).join(', ');
    // Grouped by every other output column (by position, so that an embed's subquery groups as itself).
    const plain = all.flatMap((x, i) => (x.aggregate ? [] : [String(i + 1)]));
    const groupBy = all.some((x) => x.aggregate) && plain.length ? ` group by ${plain.join(', ')}` : '';
    return { list: list || 'null as _pgrst_none', groupBy };
  }

  function orderSql(level: Level, orders: RestOrder[]): string {
    if (!orders.length) return '';
    const terms = orders.map((o) => {
      let expr: string;
      if (o.relation !== undefined) {
        const e = embedsOf(level).find((x) => keyOf(x) === o.relation);
        if (!e) throw notEmbedded(o.relation);
        const join = joinOf(level, e);
        if (!join.toOne) {
          throw new RestError(400, 'PGRST118', `A related order on '${o.relation}' is not possible`, `'${level.table}' and '${o.relation}' do not form a many-to-one or one-to-one relationship`);
        }
        const c = child(level, e, join);
        expr = `(select ${columnOf(c, o.column).sql}${jsonPathSql(o.jsonPath, param)} from ${from(c)} where ${joinSql(level, c, join)})`;
      } else {
        expr = columnOf(level, o.column).sql + jsonPathSql(o.jsonPath, param);
      }
      return `${expr}${o.descending ? ' desc' : ' asc'}${o.nulls ? ` nulls ${o.nulls}` : ''}`;
    });
    return ` order by ${terms.join(', ')}`;
  }

  const page = (limit: number | null, offset: number | null) => `${limit !== null ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`;

  function embedSql(parent: Level, e: Embed): string {
    const join = joinOf(parent, e);
    const c = child(parent, e, join);
    const mods = request.embedModifiers[c.path];
    const { list, groupBy } = selectList(c);
    const inner =
      `select ${list} from ${from(c)} where ${wheres(c, joinSql(parent, c, join)).join(' and ')}${groupBy}` +
      `${orderSql(c, mods?.order ?? [])}${page(mods?.limit ?? null, mods?.offset ?? null)}`;
    return join.toOne
      ? `(select row_to_json(_pgrst_r) from (${inner}) _pgrst_r)`
      : `(select coalesce(json_agg(_pgrst_r), '[]') from (${inner}) _pgrst_r)`;
  }

  const rootRef = rootSource ? ident('pgrst_call') : `${schema}.${ident(request.name)}`;
  const root: Level = { table: request.name, ref: rootRef, row: rootSource ? ident('pgrst_call') : ident(request.name), path: '', items: request.selectItems };
  const { list, groupBy } = selectList(root);
  const rootWheres = wheres(root);
  const where = rootWheres.length ? ` where ${rootWheres.join(' and ')}` : '';
  const limit = request.limit ?? maxRows;
  const rows = `select ${list} from ${from(root)}${where}${groupBy}${orderSql(root, request.order)}${page(limit === null ? null : Math.min(limit, maxRows ?? limit), request.offset)}`;
  const total = request.count ? `(select count(*) from ${from(root)}${where})::int` : 'null::int';
  const data =
    request.method === 'HEAD'
      ? 'null::text'
      : request.media === 'csv'
        ? `(select coalesce(string_agg(a.k, ','), '') from (select json_object_keys(r)::text as k from (select row_to_json(hh) as r from (${rows}) as hh limit 1) s) a)` +
          ` || chr(10) || coalesce(string_agg(substring(_pgrst::text, 2, length(_pgrst::text) - 2), chr(10)), '')`
        : request.stripNulls
          ? `coalesce(json_strip_nulls(json_agg(_pgrst)), '[]')::text`
          : `coalesce(json_agg(_pgrst), '[]')::text`;
  return {
    text: `select ${data} as body, count(*)::int as page, ${total} as total from (${rows}) _pgrst`,
    // The rows a count counts, for EXPLAIN's estimate (count=planned, count=estimated), as PostgREST plans it.
    countText: `select 1 from ${from(root)}${where}`,
  };
}

function notEmbedded(name: string, alias?: string): RestError {
  return alias === undefined
    ? new RestError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null, `Verify that '${name}' is included in the 'select' query parameter.`)
    : new RestError(
        400,
        'PGRST108',
        `'${name}' is not an embedded resource in this request`,
        'Target names are not allowed in filters if they have an alias',
        `Change '${name}' to '${alias}' in filters, orders or limits.`,
      );
}

/** Every embedded filter, order, limit and offset names an embed of the select (PGRST108 otherwise). */
function checkEmbedPaths(request: RestRequest): void {
  const paths = new Map<string, string | undefined>();
  const walk = (items: RestSelectItem[], prefix: string) => {
    for (const item of items) {
      if (item.kind !== 'embed' && item.kind !== 'spread') continue;
      const alias = item.kind === 'embed' ? item.alias : undefined;
      const key = alias ?? item.name;
      paths.set(prefix + key, undefined);
      if (alias !== undefined && !paths.has(prefix + item.name)) paths.set(`${prefix}${item.name}`, alias);
      walk(item.select, `${prefix}${key}.`);
    }
  };
  walk(request.selectItems, '');
  const wanted = [...[...request.filters, ...request.logic].map((f) => (f.embed ?? []).join('.')).filter(Boolean), ...Object.keys(request.embedModifiers)];
  for (const path of wanted) {
    if (paths.has(path) && paths.get(path) === undefined) continue;
    const name = path.slice(path.lastIndexOf('.') + 1);
    throw notEmbedded(name, paths.get(path));
  }
}
