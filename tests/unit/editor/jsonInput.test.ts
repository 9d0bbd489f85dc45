import { describe, expect, it } from 'vitest';
import { depthOf, jsonInput, MAX_DEPTH } from '../../../generator/editor/jsonInput.ts';

describe('jsonInput', () => {
  it('measures nesting without recursion, stopping past the limit', () => {
    expect(depthOf('x')).toBe(0);
    expect(depthOf({ a: [1, { b: [] }] })).toBe(4);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(depthOf(deep)).toBe(MAX_DEPTH + 1);
  });

  it('takes a JSON object, and refuses anything else with a 4xx and a message', () => {
    expect(jsonInput(Buffer.from('{"a":1}'))).toEqual({ input: { a: 1 } });
    const refused = (body: string) => ('refused' in jsonInput(Buffer.from(body)) ? (jsonInput(Buffer.from(body)) as { refused: { status: number; json: { error: { code: string } } } }).refused : null);
    expect(refused('nope')).toMatchObject({ status: 400, json: { error: { code: 'EditorRequestInvalid' } } });
    expect(refused('[1]')).toMatchObject({ status: 400 });
    expect(refused(`{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`)).toMatchObject({ status: 422, json: { error: { code: 'EditorValueTooDeep' } } });
  });
});
