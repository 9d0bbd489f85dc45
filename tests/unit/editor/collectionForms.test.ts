import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectionForms } from '../../../generator/editor/collectionForms.ts';
import { collection } from '../../../generator/site/defineConfig.ts';
import { collections as blogSite } from '../../fixtures/blog-site/templates/collections.ts';
import { collections as imageSite } from '../../fixtures/image-site/templates/collections.ts';

const Post = z.object({ title: z.string(), date: z.string(), draft: z.boolean().optional() });

describe('collectionForms', () => {
  it("describes a site's collections in their order, with where their files are (the blog fixture)", () => {
    const forms = collectionForms(blogSite);
    expect(forms.map(({ fields: _fields, ...where }) => where)).toEqual([
      { name: 'site', kind: 'file', file: 'site.json', format: 'json' },
      { name: 'pages', kind: 'record', dir: 'pages', format: 'json' },
      { name: 'posts', kind: 'list', dir: 'blog', draftField: 'draft', dateField: 'date' },
    ]);
    const posts = forms.find((f) => f.name === 'posts')!;
    expect((posts.fields as { name: string }[]).map((f) => f.name)).toEqual(['title', 'description', 'date', 'readTime', 'category', 'author', 'draft', 'aliases']);
    const pages = forms.find((f) => f.name === 'pages')!.fields as Record<string, { name: string; kind: string }[]>;
    expect(Object.keys(pages)).toEqual(['home', 'pricing', 'enterprise', 'blog', 'privacy']);
    expect(pages.privacy!.map((f) => [f.name, f.kind])).toEqual([
      ['title', 'text'],
      ['description', 'longtext'],
      ['heading', 'text'],
      ['body', 'longtext'],
    ]);
    expect(JSON.parse(JSON.stringify(forms))).toStrictEqual(forms);
  });

  it("takes a list's draft and date fields from its schema by default, and none when turned off or a function", () => {
    const [byDefault, off, named, fn] = collectionForms({
      a: collection.list('a', Post),
      b: collection.list('b', Post, { draft: false, date: false }),
      c: collection.list('c', Post.extend({ hidden: z.boolean(), published: z.string() }), { draft: 'hidden', date: 'published' }),
      d: collection.list('d', Post, { draft: (e) => e.title === 'x', date: (e) => e.date }),
    });
    expect(byDefault).toMatchObject({ draftField: 'draft', dateField: 'date' });
    for (const form of [off, fn]) {
      expect(form).not.toHaveProperty('draftField');
      expect(form).not.toHaveProperty('dateField');
    }
    expect(named).toMatchObject({ draftField: 'hidden', dateField: 'published' });
    expect(collectionForms({ n: collection.list('n', z.object({ title: z.string() })) })[0]).not.toHaveProperty('draftField');
  });

  it("gives a list the format its caller found, and a file's by its extension", () => {
    const forms = collectionForms(
      {
        notes: collection.list('notes', Post),
        mixed: collection.list('mixed', Post),
        about: collection.file('about.md', z.object({ title: z.string() })),
        team: collection.file('team.yaml', z.object({ names: z.array(z.string()) })),
      },
      { notes: 'yaml', mixed: 'mixed' },
    );
    expect(forms.map((f) => f.format)).toEqual(['yaml', 'mixed', 'md', 'yaml']);
  });

  it('carries image fields of the image-site fixture', () => {
    const [site, posts] = collectionForms(imageSite);
    expect(site).toMatchObject({ kind: 'file', file: 'site.json', format: 'json' });
    expect((site!.fields as { name: string; kind: string }[]).find((f) => f.name === 'hero')!.kind).toBe('image');
    expect((posts!.fields as { name: string; kind: string }[]).find((f) => f.name === 'cover')!.kind).toBe('image');
    expect(posts).not.toHaveProperty('draftField');
  });
});
