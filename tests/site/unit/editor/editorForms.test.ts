/**
 * The content editor's forms (generator/editor/collectionForms.ts, formFields.ts) of this site's own
 * collections and schemas: what its editor shows. The engine's tests of the forms run on fixtures
 * (tests/unit/editor/).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectionForms } from '../../../../generator/editor/collectionForms.ts';
import { formFields } from '../../../../generator/editor/formFields.ts';
import { collections as siteCollections } from '../../../../templates/collections.ts';
import { BlogFrontMatter, IsoDate, pageSchemas, SiteConfig } from '../../../../templates/schemas.ts';

/** JSON carries it unchanged: what the browser receives is what was made. */
const expectJsonSafe = (value: unknown) => expect(JSON.parse(JSON.stringify(value))).toStrictEqual(value);

describe('collectionForms', () => {
  it("describes this site's collections in their order, with where their files are", () => {
    const forms = collectionForms(siteCollections);
    expect(forms.map(({ fields: _fields, ...where }) => where)).toEqual([
      { name: 'site', kind: 'file', file: 'site.json', format: 'json' },
      { name: 'widgets', kind: 'file', file: 'widgets.json', format: 'json' },
      { name: 'pages', kind: 'record', dir: 'pages', format: 'json' },
      { name: 'posts', kind: 'list', dir: 'blog', draftField: 'draft', dateField: 'date' },
      { name: 'legal', kind: 'record', dir: 'legal', format: 'md' },
    ]);
    const posts = forms.find((f) => f.name === 'posts')!;
    expect((posts.fields as { name: string }[]).map((f) => f.name)).toEqual(['title', 'description', 'date', 'readTime', 'category', 'author', 'draft', 'aliases']);
    const legal = forms.find((f) => f.name === 'legal')!.fields as Record<string, { name: string; kind: string }[]>;
    expect(Object.keys(legal)).toEqual(['privacy', 'terms']);
    expect(legal.terms!.map((f) => [f.name, f.kind])).toEqual([
      ['title', 'text'],
      ['description', 'longtext'],
      ['effective', 'date'],
    ]);
    expect(Object.keys(forms.find((f) => f.name === 'pages')!.fields)).toContain('use-cases');
    expect(JSON.parse(JSON.stringify(forms))).toStrictEqual(forms);
  });
});

describe('formFields', () => {
  it("describes this site's blog front matter field by field, in key order", () => {
    const fields = formFields(BlogFrontMatter);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['title', 'text', true],
      ['description', 'longtext', true],
      ['date', 'date', true],
      ['readTime', 'text', true],
      ['category', 'enum', true],
      ['author', 'text', true],
      ['draft', 'boolean', false],
      ['aliases', 'array', false],
    ]);
    const byName = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(byName.readTime).toMatchObject({ label: 'Read time', pattern: '^\\d+ min read$' });
    expect(byName.date).toMatchObject({ dateFormat: 'date' });
    expect(byName.category!.options).toEqual(['Opinion', 'Comparisons', 'Tools']);
    expect(byName.title).toMatchObject({ label: 'Title', min: 1 });
    expect(byName.aliases!.of).toMatchObject({ name: '', kind: 'text', required: true, pattern: '^\\/[^\\s]*$' });
    expectJsonSafe(fields);
  });

  it("reads this site's IsoDate (a date pattern and a calendar check) as a date", () => {
    expect(formFields(z.object({ x: IsoDate }))[0]).toMatchObject({ kind: 'date', dateFormat: 'date' });
  });

  it("keeps every form of this site's schemas JSON-safe", () => {
    for (const schema of [SiteConfig, BlogFrontMatter, ...Object.values(pageSchemas)]) expectJsonSafe(formFields(schema));
  });
});
