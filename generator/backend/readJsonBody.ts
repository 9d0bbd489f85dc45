/**
 * Deepest JSON nesting a request body may have. The widgets send depth 1-2;
 * JSON.stringify overflows V8's stack a few thousand levels down, and PGlite
 * answers an empty result instead of an error from about 8,000 levels, so a
 * deeper body is refused before anything walks it.
 */
export const MAX_JSON_DEPTH = 512;

/** Why a body is not usable JSON. */
export type JsonBodyProblem = 'utf8' | 'syntax' | 'depth';

/** A request body read as JSON: nothing, a value, or why not (errors as data, with a one-line reason). */
export type JsonBody =
  | { ok: true; empty: true; value: undefined }
  | { ok: true; empty: false; value: unknown }
  | { ok: false; problem: JsonBodyProblem; reason: string };

/** Reads the body of request and parses it with parseJsonBytes. */
export async function readJsonBody(request: Request, maxDepth = MAX_JSON_DEPTH): Promise<JsonBody> {
  return parseJsonBytes(new Uint8Array(await request.arrayBuffer()), maxDepth);
}

/**
 * Pure: bytes -> JSON. Refuses bytes that are not UTF-8 (rather than turning
 * them into U+FFFD), nesting deeper than maxDepth, and anything JSON.parse
 * refuses. Blank text is `empty`.
 */
export function parseJsonBytes(bytes: Uint8Array, maxDepth = MAX_JSON_DEPTH): JsonBody {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problem: 'utf8', reason: 'the body is not valid UTF-8' };
  }
  if (text.trim() === '') return { ok: true, empty: true, value: undefined };
  if (jsonDepth(text, maxDepth) > maxDepth) {
    return { ok: false, problem: 'depth', reason: `the body nests arrays or objects more than ${maxDepth} levels deep` };
  }
  try {
    return { ok: true, empty: false, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: 'syntax', reason: (error as Error).message };
  }
}

/**
 * Pure: the deepest nesting of `[` and `{` in JSON text, outside strings.
 * Stops counting once `limit` is passed (returns limit + 1), so a hostile
 * body costs one pass at most.
 */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return max;
}
