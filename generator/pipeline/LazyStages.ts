/**
 * The stages of a path run lazily, value by value, for a server that answers one request at a time
 * (`site dev`'s render worker): a value is made when first asked for (its needs first), kept until
 * something it was made from changes, then updated by its stage where the stage can (`update`), else
 * forgotten and made again when next asked for. The same stage objects as a build's, the same order of
 * needs (pipeline/stageList.ts); only the moment each runs differs.
 */
import type { Stage, StageValues, ValueName } from '../stages/Stage.ts';

type Values = Partial<StageValues>;

export class LazyStages {
  private readonly values: Values;
  /** Values being made, so that two requests at once make one. */
  private readonly making = new Map<ValueName, Promise<unknown>>();
  private readonly byValue = new Map<ValueName, Stage>();
  /**
   * Bumped for a value whenever it, or something it is made from, changes: a value being made from what
   * was current before is returned to whoever asked, but not kept.
   */
  private readonly epochs = new Map<ValueName, number>();

  /** `stages`: a path's, in its order (stageList.ts: stagesOf); `given`: the values no stage of it makes. */
  constructor(stages: readonly Stage[], given: Values) {
    this.values = { ...given };
    for (const stage of stages) {
      if (this.byValue.has(stage.gives)) throw new Error(`two stages of the path give ${stage.gives}`);
      this.byValue.set(stage.gives, stage);
    }
  }

  /** The value `name`, made now (with what it needs) unless it is current. */
  get<K extends ValueName>(name: K): Promise<StageValues[K]> {
    if (name in this.values) return Promise.resolve(this.values[name] as StageValues[K]);
    const pending = this.making.get(name);
    if (pending) return pending as Promise<StageValues[K]>;
    const stage = this.byValue.get(name);
    if (!stage) return Promise.reject(new Error(`nothing of this path gives ${name}`));
    const epoch = this.epochs.get(name) ?? 0;
    const made = (async () => {
      for (const need of [...stage.needs, ...(stage.reads ?? []).filter((r) => this.byValue.has(r) || r in this.values)]) await this.get(need);
      const value = await stage.run(this.values as StageValues, { during: async () => {} });
      if ((this.epochs.get(name) ?? 0) === epoch) (this.values as Record<string, unknown>)[name] = value;
      return value;
    })();
    this.making.set(name, made);
    const settle = () => {
      if (this.making.get(name) === made) this.making.delete(name);
    };
    made.then(settle, settle);
    return made as Promise<StageValues[K]>;
  }

  /** The value `name` if it is current, else undefined (nothing is made). */
  peek<K extends ValueName>(name: K): StageValues[K] | undefined {
    return this.values[name];
  }

  /** A value the server gives (not made by a stage) has changed: what was made from it follows. */
  give<K extends ValueName>(name: K, value: StageValues[K]): Promise<void> {
    return this.changed(name, () => value);
  }

  /**
   * `name` changes to what `next` makes of its current value (its stage's incremental update: an edited
   * file read alone). Every value made from it is then updated by its stage's `update` where the stage has
   * one (a value it leaves as it was changes nothing further), else forgotten. When `next` throws, nothing
   * changes; when a stage's update throws, `name` keeps its new value and what is made from it is
   * forgotten (made afresh when next asked for), so no value is left made from the one before.
   */
  async changed<K extends ValueName>(name: K, next: (current: StageValues[K] | undefined) => StageValues[K] | Promise<StageValues[K]>): Promise<void> {
    const before = this.values[name];
    const now = await next(before);
    this.set(name, now);
    if (now === before) return;
    try {
      await this.follow(new Set([name]), { [name]: before } as Values);
    } catch (e) {
      const made = this.withMadeFrom(new Set([name]));
      made.delete(name);
      this.drop(made);
      throw e;
    }
  }

  /** Forgets `name` and everything made from it (made again when next asked for). */
  forget(name: ValueName): void {
    this.drop(new Set([name]));
  }

  private set(name: ValueName, value: unknown): void {
    this.bump(name);
    (this.values as Record<string, unknown>)[name] = value;
  }

  private bump(name: ValueName): void {
    this.epochs.set(name, (this.epochs.get(name) ?? 0) + 1);
    this.making.delete(name);
  }

  /** The stages that read a changed value, in path order: updated where they can be, else forgotten. */
  private async follow(changed: Set<ValueName>, previous: Values): Promise<void> {
    for (const [value, stage] of this.byValue) {
      if (changed.has(value) || !this.reads(stage, changed)) continue;
      const current = this.values[value];
      if (current === undefined || !stage.update) {
        this.drop(new Set([value]));
        changed.add(value);
        continue;
      }
      const updated = await stage.update(current as never, this.values as StageValues, previous);
      if (updated === current) continue;
      this.set(value, updated);
      (previous as Record<string, unknown>)[value] = current;
      changed.add(value);
    }
  }

  private reads(stage: Stage, names: ReadonlySet<ValueName>): boolean {
    return stage.needs.some((n) => names.has(n)) || (stage.reads ?? []).some((n) => names.has(n));
  }

  /** `names` and, transitively, every value made from them (the path's order puts needs first). */
  private withMadeFrom(names: Set<ValueName>): Set<ValueName> {
    for (const [value, stage] of this.byValue) if (!names.has(value) && this.reads(stage, names)) names.add(value);
    return names;
  }

  /** Deletes `names` and every value made from them. */
  private drop(names: Set<ValueName>): void {
    for (const n of this.withMadeFrom(names)) {
      this.bump(n);
      delete this.values[n];
    }
  }
}
