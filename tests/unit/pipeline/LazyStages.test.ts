/**
 * The lazy runner `site dev` serves from: a value made once when first asked for (its needs first), kept
 * until something it was made from changes; then updated by its stage where the stage can, else made again
 * when next asked for; and a value being made from what changed meanwhile is not kept.
 */
import { describe, expect, it } from 'vitest';
import { LazyStages } from '../../../generator/pipeline/LazyStages.ts';
import type { Stage, StageValues } from '../../../generator/stages/Stage.ts';

/**
 * Stages over made-up values (the runner knows no value's meaning): a <- input, b <- a, c <- b and input.
 * `failingUpdate`: b's update throws it, as a plan whose entries clash would.
 */
function fixture(failingUpdate?: Error) {
  const runs: string[] = [];
  const stage = (gives: string, needs: string[], make: (v: Record<string, unknown>) => unknown, update?: Stage['update']): Stage =>
    ({ name: gives, gives, needs, runs: 'site', run: (v: unknown) => (runs.push(gives), make(v as Record<string, unknown>)), ...(update ? { update } : {}) }) as unknown as Stage;
  const stages = [
    stage('a', ['input'], (v) => `a(${String(v.input)})`),
    stage('b', ['a'], (v) => ({ of: v.a }), (current, v) => {
      if (failingUpdate) throw failingUpdate;
      return (current as unknown as { of: unknown }).of === 'a(same)' && (v as unknown as { a: string }).a === 'a(same)' ? current : ({ of: (v as unknown as { a: string }).a } as never);
    }),
    stage('c', ['b', 'input'], (v) => `c(${JSON.stringify(v.b)})`),
  ];
  const lazy = new LazyStages(stages, { input: 'one' } as unknown as Partial<StageValues>);
  const get = (name: string) => lazy.get(name as never) as Promise<unknown>;
  return { lazy, get, runs };
}

describe('LazyStages', () => {
  it('makes a value with what it needs, once, when first asked for', async () => {
    const { get, runs } = fixture();
    expect(runs).toEqual([]);
    const [first, second] = await Promise.all([get('c'), get('c')]);
    expect(first).toBe('c({"of":"a(one)"})');
    expect(second).toBe(first);
    expect(await get('c')).toBe(first);
    expect(runs).toEqual(['a', 'b', 'c']);
  });

  it('forgets what was made from a changed value and makes it again when asked for', async () => {
    const { lazy, get, runs } = fixture();
    await get('c');
    await lazy.give('input' as never, 'two' as never);
    expect(lazy.peek('a' as never)).toBeUndefined();
    expect(await get('c')).toBe('c({"of":"a(two)"})');
    expect(runs).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
  });

  it("updates a value by its stage's update, and follows on only when the update gives another value", async () => {
    const { lazy, get, runs } = fixture();
    await lazy.give('input' as never, 'same' as never);
    const c = await get('c');
    const b = lazy.peek('b' as never);
    // a changes to an equal value: b's stage keeps b as it is, but c reads input... which did not change here.
    await lazy.changed('a' as never, () => 'a(same)' as never);
    expect(lazy.peek('b' as never)).toBe(b);
    expect(await get('c')).toBe(c);
    expect(runs).toEqual(['a', 'b', 'c']);
    await lazy.changed('a' as never, () => 'a(other)' as never);
    expect(lazy.peek('b' as never)).toEqual({ of: 'a(other)' });
    expect(lazy.peek('c' as never)).toBeUndefined();
    expect(await get('c')).toBe('c({"of":"a(other)"})');
  });

  it('does not keep a value made from what changed while it was being made', async () => {
    const { lazy, get } = fixture();
    const making = get('c');
    await lazy.give('input' as never, 'two' as never);
    await making;
    expect(await get('c')).toBe('c({"of":"a(two)"})');
  });

  it('changes nothing when the change itself fails', async () => {
    const { lazy, get, runs } = fixture();
    const c = await get('c');
    await expect(lazy.changed('a' as never, () => Promise.reject(new Error('half a file')))).rejects.toThrow('half a file');
    expect(lazy.peek('a' as never)).toBe('a(one)');
    expect(await get('c')).toBe(c);
    expect(runs).toEqual(['a', 'b', 'c']);
  });

  it("keeps a changed value when a stage's update of what follows fails, and forgets every value made from it", async () => {
    const { lazy, get } = fixture(new Error('two entries, one slug'));
    await get('c');
    await expect(lazy.changed('a' as never, () => 'a(broken)' as never)).rejects.toThrow('one slug');
    expect(lazy.peek('a' as never)).toBe('a(broken)');
    expect(lazy.peek('b' as never)).toBeUndefined();
    expect(lazy.peek('c' as never)).toBeUndefined();
    expect(await get('c')).toBe('c({"of":"a(broken)"})');
  });
});
