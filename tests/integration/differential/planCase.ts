/**
 * A case of the differential test, as a pure function of a fixture, a seed and the fixture's entries: the
 * changes that make its site (the fixture as it is, or with entries added: drafts and entries dated later,
 * translations and fallbacks, aliases, components, images, a redirect in the config, a plugin's extra
 * file), the flags it is built with, and a sequence of edits in rounds (each round one warm build):
 * entries added, deleted and renamed, front matter and bodies edited, a template, an article component
 * and a strings file changed. Every kind of edit the fixture allows comes at least once.
 */
import type { Change } from './changes.ts';
import { configRedirect, pageList, threadProbe } from './casePlugins.ts';
import type { FixtureProfile } from './fixtureProfiles.ts';
import { random, type Random } from './random.ts';

export interface Case {
  fixture: string;
  /** null: the fixture as it is (its edits are seed 0's). */
  seed: number | null;
  flags: { drafts: boolean; future: boolean };
  /** Its site, before the edits, has drafts or entries dated later (which `--drafts` / `--future` show). */
  held: boolean;
  setup: Change[];
  rounds: Change[][];
}

/** An entry of the case's site as the plan knows it. */
interface Planned {
  folder: string;
  slug: string;
  /** Added by the plan (only these are deleted or renamed: nothing links to them by hand). */
  generated: boolean;
  aliases: boolean;
  draft: boolean;
  future: boolean;
  /** Locales it has a translation in. */
  translations: string[];
}

type EditKind = 'add' | 'delete' | 'rename' | 'field' | 'body' | 'template' | 'component' | 'strings' | 'translate';

const fileOf = (p: FixtureProfile, e: Planned, locale?: string) => `${p.entriesDir}/${e.folder ? `${e.folder}/` : ''}${e.slug}${locale ? `.${locale}` : ''}.md`;

/** The fixture's entries (paths under its entries folder, `<slug>.<locale>.md` a translation) as the plan sees them. */
function fixtureEntries(p: FixtureProfile, files: string[]): Planned[] {
  const entries = new Map<string, Planned>();
  for (const file of files) {
    const m = /^(?:(.*)\/)?([^/.]+)(?:\.([a-z]{2}))?\.md$/.exec(file);
    if (!m) continue;
    const [, folder = '', slug = '', locale] = m;
    const key = `${folder}/${slug}`;
    const e = entries.get(key) ?? { folder, slug, generated: false, aliases: false, draft: false, future: false, translations: [] };
    if (locale) e.translations.push(locale);
    entries.set(key, e);
  }
  return [...entries.values()];
}

class Planner {
  private next = 0;
  private renames = 0;
  constructor(
    private readonly p: FixtureProfile,
    readonly entries: Planned[],
  ) {}

  add(r: Random, held: { draft?: boolean; future?: boolean } = {}): Change[] {
    const n = this.next++;
    const e: Planned = { folder: r.pick(this.p.folders), slug: `written-${String(n).padStart(2, '0')}-${r.pick(['a', 'b', 'c'])}`, generated: true, aliases: false, draft: !!held.draft, future: !!held.future, translations: [] };
    e.aliases = this.p.aliases && !e.draft && !e.future && r.chance(0.3);
    this.entries.push(e);
    const changes: Change[] = [{ kind: 'write', file: fileOf(this.p, e), text: this.p.entry(r, n, { draft: e.draft, future: e.future, aliases: e.aliases ? [`/old/${e.slug}`] : undefined }) }];
    for (const locale of this.p.locales) if (r.chance(0.5)) changes.push(...this.translate(r, e, locale));
    return changes;
  }

  translate(r: Random, e: Planned, locale: string): Change[] {
    e.translations.push(locale);
    return [{ kind: 'write', file: fileOf(this.p, e, locale), text: this.p.entry(r, 100 + this.next++, {}) }];
  }

  edit(r: Random, kind: EditKind): Change[] {
    const generated = this.entries.filter((e) => e.generated);
    const any = r.pick(this.entries);
    const anyFile = fileOf(this.p, any, any.translations.length && r.chance(0.3) ? r.pick(any.translations) : undefined);
    switch (kind) {
      case 'add':
        return this.add(r, this.p.heldBack && r.chance(0.3) ? (r.chance(0.5) ? { draft: true } : { future: true }) : {});
      case 'delete': {
        if (!generated.length) return this.add(r);
        const e = r.pick(generated);
        this.entries.splice(this.entries.indexOf(e), 1);
        return [fileOf(this.p, e), ...e.translations.map((l) => fileOf(this.p, e, l))].map((file): Change => ({ kind: 'delete', file }));
      }
      case 'rename': {
        if (!generated.length) return this.add(r);
        const e = r.pick(generated);
        const before = { ...e };
        e.slug = `${e.slug.slice(0, 'written-00'.length)}-r${this.renames++}`;
        return [undefined, ...e.translations].map((l): Change => ({ kind: 'rename', from: fileOf(this.p, before, l), to: fileOf(this.p, e, l) }));
      }
      case 'field': {
        // Drafts and dates come and go on entries without aliases (a redirect never points at a noindex page).
        const holdable = generated.filter((e) => !e.aliases);
        if (this.p.heldBack && holdable.length && r.chance(0.5)) {
          const e = r.pick(holdable);
          if (r.chance(0.5)) return [{ kind: 'field', file: fileOf(this.p, e), field: 'draft', value: String((e.draft = !e.draft)) }];
          e.future = !e.future;
          return [{ kind: 'field', file: fileOf(this.p, e), field: 'date', value: e.future ? '"2099-03-01"' : '"2025-03-01"' }];
        }
        const { field, value } = this.p.field(r);
        return [{ kind: 'field', file: anyFile, field, value }];
      }
      case 'body':
        return [{ kind: 'append', file: anyFile, text: this.p.paragraph(r) }];
      case 'template':
        return [{ kind: 'toggle', ...r.pick(this.p.templates) }];
      case 'component':
        return [{ kind: 'toggle', ...r.pick(this.p.components) }];
      case 'strings':
        return [{ kind: 'toggle', ...r.pick(this.p.strings) }];
      case 'translate': {
        const open = this.entries.filter((e) => e.generated && e.translations.length < this.p.locales.length);
        if (!open.length) return this.add(r);
        const e = r.pick(open);
        return this.translate(r, e, r.pick(this.p.locales.filter((l) => !e.translations.includes(l))));
      }
    }
  }
}

/** The kinds of edit `p` allows: adding comes first (the others need an entry of the plan's own). */
function editKinds(p: FixtureProfile, r: Random): EditKind[] {
  const kinds: EditKind[] = ['delete', 'rename', 'field', 'body', 'template'];
  if (p.components.length) kinds.push('component');
  if (p.strings.length) kinds.push('strings');
  if (p.locales.length) kinds.push('translate');
  const shuffled = kinds.map((k) => [r.next(), k] as const).sort((a, b) => a[0] - b[0]).map(([, k]) => k);
  const extra = Array.from({ length: r.int(0, 2) }, () => r.pick<EditKind>(['add', ...kinds]));
  return ['add', 'add', ...shuffled, ...extra];
}

/** `files`: the fixture's entries, relative to its entries folder (sorted). */
export function planCase(p: FixtureProfile, seed: number | null, files: string[]): Case {
  const planner = new Planner(p, fixtureEntries(p, files));
  const setup: Change[] = [...p.inputs, ...threadProbe];
  let flags = { drafts: false, future: false };
  let held = false;
  if (seed !== null) {
    const r = random(seed).fork('site');
    flags = { drafts: r.chance(0.5), future: r.chance(0.5) };
    const count = r.int(...p.bulk);
    // Held back: a few at random, and the last one added, which the build's workers read (the first 20
    // files of a list go to the main thread's shard: FixtureProfile.bulk) and so render.
    const heldAt = new Set(p.heldBack ? [...r.some([...Array(count).keys()], r.int(1, 3)), count - 1] : []);
    for (let i = 0; i < count; i++) setup.push(...planner.add(r, heldAt.has(i) ? (r.chance(0.5) ? { draft: true } : { future: true }) : {}));
    if (r.chance(0.6)) setup.push(configRedirect(`/moved-${r.int(1, 99)}`, p.stablePath));
    if (r.chance(0.6)) setup.push(...pageList);
    setup.push(...p.variant);
    held = planner.entries.some((e) => e.draft || e.future);
  }
  const r = random(seed ?? 0).fork('edits');
  const edits = editKinds(p, r).map((kind) => planner.edit(r, kind));
  // Three rounds: the first adds two entries (built before a later round deletes or renames one).
  const half = Math.ceil((edits.length - 2) / 2);
  const rounds = [edits.slice(0, 2), edits.slice(2, 2 + half), edits.slice(2 + half)].map((round) => round.flat());
  return { fixture: p.fixture, seed, flags, held, setup, rounds };
}
