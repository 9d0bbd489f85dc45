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
  /** The embed path (aliases or names joined by dots); '' for the root. */
  path: string;
  items: RestSelectItem[];
}

type Embed = Extract<RestSelectItem, { kind: 'embed' }>;

/**
 * Pure: the read of a table (GET/HEAD) as one statement, so row-level
 * security applies to embedded tables as to the root: embedded resources are
 * correlated subqueries (a json object for to-one, a json array for
 * to-many), `!inner` and `embed=not.is.null` are EXISTS, filters and
 * order/limit/offset apply at their own level. Returns `body` (json or csv
 * text), `page` (rows in the body) and `total` (with a count). With
 * `rootSource` (the name of a function call's result, for RPC) the root's
 * rows come from it rather than from the table, whose columns it has.
 */
export function buildSelectSql(request: RestRequest, catalog: RestCatalog, maxRows: number | null, param: Param, rootSource?: string): string {
  const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const schema = ident(catalog.schema);
  let aliases = 0;
  checkEmbedPaths(request);

  const columnOf = (level: Level, name: string) => {
    const table = catalog.tables.get(level.table);
    const i = table ? table.columns.indexOf(name) : -1;
    // Named as PostgREST's statement names the relation: an embedded one as <table>_<depth>.
    const relation = level.path ? `${level.table}_${level.path.split('.').length}` : level.table;
    if (!table || i < 0) throw new RestError(400, '42703', `column ${relation}.${name} does not exist`);
    return { sql: `${level.ref}.${ident(name)}`, type: table.types?.[i] };
  };
  const embedsOf = (level: Level) => level.items.filter((i): i is Embed => i.kind === 'embed');
  const keyOf = (e: Embed) => e.alias ?? e.name;
  const joinOf = (level: Level, e: Embed) => findRelationship(catalog, level.table, e.name, e.hint);
  const child = (level: Level, e: Embed, join: RestJoin): Level => ({
    table: join.table,
    ref: ident(`_pgrst_${++aliases}`),
    path: level.path ? `${level.path}.${keyOf(e)}` : keyOf(e),
    items: e.select.length ? e.select : [{ kind: 'star' }],
  });
  const joinSql = (parent: Level, c: Level, join: RestJoin) => {
    if (!join.junction) return join.pairs.map(([p, ch]) => `${c.ref}.${ident(ch)} = ${parent.ref}.${ident(p)}`).join(' and ');
    const j = ident(`_pgrst_${++aliases}`);
    const on = [
      ...join.junction.childPairs.map(([ch, jc]) => `${j}.${ident(jc)} = ${c.ref}.${ident(ch)}`),
      ...join.junction.parentPairs.map(([p, jc]) => `${j}.${ident(jc)} = ${parent.ref}.${ident(p)}`),
    ];
    return `exists (select 1 from ${schema}.${ident(join.junction.table)} ${j} where ${on.join(' and ')})`;
  };
  const from = (level: Level) =>
    !level.path && rootSource ? `${ident(rootSource)} ${level.ref}` : `${schema}.${ident(level.table)}${level.path ? ` ${level.ref}` : ''}`;

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

  function selectList(level: Level): string {
    return level.items
      .map((item) => {
        if (item.kind === 'star') return `${level.ref}.*`;
        if (item.kind === 'embed') return `${embedSql(level, item)} as ${ident(keyOf(item))}`;
        const value = columnOf(level, item.name).sql + jsonPathSql(item.jsonPath, param);
        const lastKey = item.jsonPath?.length ? item.jsonPath[item.jsonPath.length - 1] : undefined;
        const name = item.alias ?? (lastKey && !lastKey.index ? lastKey.key : item.jsonPath || item.cast ? item.name : undefined);
        const sql = item.cast ? `cast(${value} as ${item.cast})` : value;
        return name === undefined ? sql : `${sql} as ${ident(name)}`;
      })
      .join(', ');
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
    const inner =
      `select ${selectList(c)} from ${from(c)} where ${wheres(c, joinSql(parent, c, join)).join(' and ')}` +
      `${orderSql(c, mods?.order ?? [])}${page(mods?.limit ?? null, mods?.offset ?? null)}`;
    return join.toOne
      ? `(select row_to_json(_pgrst_r) from (${inner}) _pgrst_r)`
      : `(select coalesce(json_agg(_pgrst_r), '[]') from (${inner}) _pgrst_r)`;
  }

  const root: Level = { table: request.name, ref: rootSource ? ident('pgrst_call') : `${schema}.${ident(request.name)}`, path: '', items: request.selectItems };
  const list = selectList(root);
  const rootWheres = wheres(root);
  const where = rootWheres.length ? ` where ${rootWheres.join(' and ')}` : '';
  const limit = request.limit ?? maxRows;
  const rows = `select ${list} from ${from(root)}${where}${orderSql(root, request.order)}${page(limit === null ? null : Math.min(limit, maxRows ?? limit), request.offset)}`;
  const total = request.count ? `(select count(*) from ${from(root)}${where})::int` : 'null::int';
  const data =
    request.method === 'HEAD'
      ? 'null::text'
      : request.media === 'csv'
        ? `(select coalesce(string_agg(a.k, ','), '') from (select json_object_keys(r)::text as k from (select row_to_json(hh) as r from (${rows}) as hh limit 1) s) a)` +
          ` || chr(10) || coalesce(string_agg(substring(_pgrst::text, 2, length(_pgrst::text) - 2), chr(10)), '')`
        : `coalesce(json_agg(_pgrst), '[]')::text`;
  return `select ${data} as body, count(*)::int as page, ${total} as total from (${rows}) _pgrst`;
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
      if (item.kind !== 'embed') continue;
      const key = item.alias ?? item.name;
      paths.set(prefix + key, undefined);
      if (item.alias !== undefined && !paths.has(prefix + item.name)) paths.set(`${prefix}${item.name}`, item.alias);
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
