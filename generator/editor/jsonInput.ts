/**
 * A request's JSON body as the editor reads it: an object, nested no deeper than a content file ever
 * is (a value 20,000 levels deep would overflow the stack of whatever walks it next), or the refusal
 * to send. The depth is measured without recursion. Pure.
 */
import { refuse, type ApiAnswer } from './apiAnswer.ts';

export const MAX_DEPTH = 64;

/** How deeply `value` nests objects and arrays, counting up to `limit + 1` at most. */
export function depthOf(value: unknown, limit = MAX_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    const d = depth + 1;
    if (d > deepest) deepest = d;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child && typeof child === 'object') stack.push([child, d]);
  }
  return deepest;
}

export function jsonInput(body: Buffer): { input: Record<string, unknown> } | { refused: ApiAnswer } {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch (e) {
    return { refused: refuse('EditorRequestInvalid', { reason: `its body is not JSON (${(e as Error).message})` }, {}, 400) };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { refused: refuse('EditorRequestInvalid', { reason: 'its body is not a JSON object' }) };
  if (depthOf(value) > MAX_DEPTH) return { refused: refuse('EditorValueTooDeep', { depth: MAX_DEPTH }) };
  return { input: value as Record<string, unknown> };
}
