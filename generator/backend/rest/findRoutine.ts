import { closestMatch } from './closestMatch.ts';
import type { RestCatalog, RestRoutine, RestRoutineParam } from './loadCatalog.ts';
import { RestError } from './RestError.ts';

/** How a call names its arguments: the keys given, Prefer: params=single-object, and for a POST its body's media type. */
export interface RoutineCallShape {
  keys: string[];
  singleObject: boolean;
  /** The body's media type of a POST; null for GET and HEAD. */
  postMedia: string | null;
}

const SINGLE_UNNAMED: Record<string, string> = {
  'application/json': 'json jsonb',
  'text/plain': 'text',
  'text/xml': 'xml',
  'application/octet-stream': 'bytea',
};

/**
 * Pure: the overload of `name` a call reaches, as PostgREST picks it: the
 * functions whose required parameters are exactly the keys given (those with
 * a DEFAULT may be given or left out); failing that, a function with a single
 * unnamed parameter that takes the whole body (json or jsonb for a JSON body,
 * text, xml or bytea for text/plain, text/xml or application/octet-stream);
 * with Prefer: params=single-object, a function with one json or jsonb
 * parameter. None is 404 PGRST202 (with a hint naming the closest function
 * or parameter list), more than one 300 PGRST203.
 */
export function findRoutine(catalog: RestCatalog, name: string, call: RoutineCallShape): RestRoutine {
  const keys = [...new Set(call.keys)].sort();
  const overloads = catalog.functions.get(name) ?? [];
  const matching = overloads.filter((fn) => matchesParams(fn.params, keys, call));
  const fallback = overloads.filter((fn) => !matchesParams(fn.params, keys, call) && takesWholeBody(fn.params, call.postMedia));
  const found = matching.length ? matching : fallback;
  if (found.length === 1) return found[0];
  if (found.length > 1) {
    const signatures = found.map((fn) => `${catalog.schema}.${fn.name}(${fn.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`);
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${signatures.join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  throw noRoutine(catalog, name, keys, call, overloads);
}

function matchesParams(params: RestRoutineParam[], keys: string[], call: RoutineCallShape): boolean {
  if (call.singleObject) return params.length === 1 && (params[0].type === 'json' || params[0].type === 'jsonb');
  if (params.length === 0) return keys.length === 0 && !['text/plain', 'text/xml', 'application/octet-stream'].includes(call.postMedia ?? '');
  const required = params.filter((p) => p.required).map((p) => p.name);
  const optional = new Set(params.filter((p) => !p.required).map((p) => p.name));
  const rest = keys.filter((k) => !optional.has(k));
  return rest.length === new Set(required).size && required.every((r) => rest.includes(r));
}

function takesWholeBody(params: RestRoutineParam[], postMedia: string | null): boolean {
  if (params.length !== 1 || postMedia === null) return false;
  return (SINGLE_UNNAMED[postMedia] ?? '').split(' ').includes(params[0].type);
}

function noRoutine(catalog: RestCatalog, name: string, keys: string[], call: RoutineCallShape, overloads: RestRoutine[]): RestError {
  const func = `${catalog.schema}.${name}`;
  const isPost = call.postMedia !== null;
  const onlySingle = call.singleObject || (isPost && ['text/plain', 'text/xml', 'application/octet-stream'].includes(call.postMedia ?? ''));
  const listed = keys.join(', ');
  const withParams = (text: string) => (keys.length ? text : ' without parameters');
  const message = `Could not find the function ${func}${onlySingle ? '' : withParams(`(${listed})`)} in the schema cache`;
  const searched = call.singleObject
    ? ' with a single json/jsonb parameter'
    : isPost && call.postMedia === 'text/plain'
      ? ' with a single unnamed text parameter'
      : isPost && call.postMedia === 'text/xml'
        ? ' with a single unnamed xml parameter'
        : isPost && call.postMedia === 'application/octet-stream'
          ? ' with a single unnamed bytea parameter'
          : isPost && call.postMedia === 'application/json'
            ? `${withParams(` with parameter${keys.length > 1 ? 's' : ''} ${listed}`)} or with a single unnamed json/jsonb parameter`
            : withParams(` with parameter${keys.length > 1 ? 's' : ''} ${listed}`);
  const details = `Searched for the function ${func}${searched}, but no matches were found in the schema cache.`;
  return new RestError(404, 'PGRST202', message, details, onlySingle ? null : routineHint(catalog, name, keys, overloads));
}

/**
 * The closest function name (at least 0.75 alike) when none has this name,
 * else the closest parameter list of its overloads (at least 0.33 alike).
 */
function routineHint(catalog: RestCatalog, name: string, keys: string[], overloads: RestRoutine[]): string | null {
  const listToText = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const prefix = `Perhaps you meant to call the function ${catalog.schema}.`;
  if (!overloads.length) {
    const match = closestMatch([...catalog.functions.keys()], name, 0.75);
    return match === null ? null : prefix + match;
  }
  const match = closestMatch(
    overloads.map((fn) => listToText(fn.params.map((p) => p.name))),
    listToText(keys),
    0.33,
  );
  return match === null ? null : `${prefix}${name}${match}`;
}
