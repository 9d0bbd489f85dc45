/**
 * The plan stage (generator/stages/planStage.ts) and its update after an edit, as `site dev` runs it: the
 * plan stands when list entries' bodies alone changed (each shown entry takes its new hash), and is made
 * again when anything a route table sees changed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentSnapshot } from '../../../generator/content/load.ts';
import type { EntryMeta } from '../../../generator/site/defineConfig.ts';
import { planStage } from '../../../generator/stages/planStage.ts';
import type { StageValues } from '../../../generator/stages/Stage.ts';
import { site, tinySnapshot } from '../helpers/tinySite.tsx';

let snapshot: ContentSnapshot;
beforeAll(async () => {
  snapshot = await tinySnapshot();
});

/** The values the plan stage reads: the tiny site, dev's options, and `content` as read. */
const valuesOf = (content: ContentSnapshot) =>
  ({
    config: { site, config: { drafts: true, future: true, now: Date.parse('2026-01-01') }, locate: undefined },
    content: { content, listed: [], parsed: 0, save: async () => {} },
  }) as unknown as StageValues;

/** `content` with the post of `file` changed by `change`. */
const withPost = (content: ContentSnapshot, file: string, change: (post: EntryMeta) => EntryMeta): ContentSnapshot => ({
  ...content,
  collections: { ...content.collections, posts: (content.collections.posts as EntryMeta[]).map((p) => (p.file === file ? change(p) : p)) },
});

describe('the plan stage', () => {
  it("keeps its plan when a post's body alone changed, the post shown taking its new hash", async () => {
    const before = valuesOf(snapshot);
    const plan = await planStage.run(before, { during: async () => {} });
    const edited = valuesOf(withPost(snapshot, 'blog/why-tiny.md', (p) => ({ ...p, hash: 'a-new-hash' })));
    const updated = await planStage.update!(plan, edited, { content: before.content });
    expect(updated).toBe(plan);
    const shown = (plan.content.collections.posts as EntryMeta[]).find((p) => p.file === 'blog/why-tiny.md')!;
    expect(shown.hash).toBe('a-new-hash');
    expect(plan.routes.find((r) => r.entry?.file === 'blog/why-tiny.md')!.entry!.hash).toBe('a-new-hash');
  });

  it("plans again when a post's front matter changed, and the new plan is what run makes", async () => {
    const before = valuesOf(snapshot);
    const plan = await planStage.run(before, { during: async () => {} });
    const edited = valuesOf(withPost(snapshot, 'blog/why-tiny.md', (p) => ({ ...p, title: 'Why small' }) as EntryMeta));
    const updated = await planStage.update!(plan, edited, { content: before.content });
    expect(updated).not.toBe(plan);
    expect(updated).toEqual(await planStage.run(edited, { during: async () => {} }));
    expect(updated.routes.find((r) => r.entry?.file === 'blog/why-tiny.md')!.title).toContain('Why small');
  });
});
