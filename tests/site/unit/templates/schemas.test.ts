/** The content schemas accept what authors write and reject what would break the site. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { parseMarkdownFile } from '../../../../generator/content/load.ts';
import { BlogFrontMatter, BlogListing, IsoDate, LegalFrontMatter, PageSeo, pageSchemas } from '../../../../templates/schemas.ts';
import { SiteError } from '../../../../generator/core/errors.ts';

const valid = {
  title: 'Why Brand Kits Cannot Capture Your Real Brand',
  description: 'A logo, a palette and two fonts are not a brand.',
  date: '2025-10-29',
  readTime: '7 min read',
  category: 'Opinion',
  author: 'The Decksmith Team',
};

/** The first issue of a failed parse: where and what. */
function firstIssue(schema: z.ZodType, data: unknown) {
  const result = schema.safeParse(data);
  expect(result.success).toBe(false);
  const issue = result.error!.issues[0]!;
  return { path: issue.path.join('.'), message: issue.message, code: issue.code };
}

describe('BlogFrontMatter', () => {
  it('accepts a complete front matter and keeps the values', () => {
    expect(BlogFrontMatter.parse(valid)).toEqual(valid);
  });

  it('accepts every category the blog uses', () => {
    for (const category of ['Opinion', 'Comparisons', 'Tools']) {
      expect(BlogFrontMatter.safeParse({ ...valid, category }).success).toBe(true);
    }
  });

  it.each(Object.keys(valid))('rejects a front matter without %s', (field) => {
    const data: Record<string, unknown> = { ...valid };
    delete data[field];
    expect(firstIssue(BlogFrontMatter, data).path).toBe(field);
  });

  it('rejects a wrong type', () => {
    expect(firstIssue(BlogFrontMatter, { ...valid, title: 42 })).toMatchObject({ path: 'title', code: 'invalid_type' });
    expect(firstIssue(BlogFrontMatter, { ...valid, author: ['a', 'b'] })).toMatchObject({ path: 'author' });
  });

  it('rejects an empty or blank title', () => {
    expect(firstIssue(BlogFrontMatter, { ...valid, title: '   ' })).toMatchObject({
      path: 'title',
      message: 'must be a non-empty string',
    });
  });

  it('rejects an unknown category and lists the allowed ones', () => {
    expect(firstIssue(BlogFrontMatter, { ...valid, category: 'Opinions' })).toMatchObject({
      path: 'category',
      message: 'must be one of Opinion, Comparisons, Tools',
    });
    expect(BlogFrontMatter.safeParse({ ...valid, category: 'opinion' }).success).toBe(false);
  });

  it('accepts aliases that are site paths, and rejects others', () => {
    expect(BlogFrontMatter.parse({ ...valid, aliases: ['/old'] }).aliases).toEqual(['/old']);
    expect(BlogFrontMatter.parse(valid)).not.toHaveProperty('aliases');
    expect(firstIssue(BlogFrontMatter, { ...valid, aliases: ['old-post'] })).toMatchObject({ path: 'aliases.0', message: 'must be a site path starting with "/"' });
    expect(firstIssue(BlogFrontMatter, { ...valid, aliases: '/old' })).toMatchObject({ path: 'aliases', code: 'invalid_type' });
  });

  it('rejects a read time that is not "N min read"', () => {
    expect(firstIssue(BlogFrontMatter, { ...valid, readTime: '7 minutes' })).toMatchObject({ path: 'readTime' });
  });

  it('rejects a field it does not know (a typo must not pass silently)', () => {
    expect(firstIssue(BlogFrontMatter, { ...valid, catgory: 'Tools' })).toMatchObject({ code: 'unrecognized_keys' });
  });

  it.each([
    ['2025-02-30', 'must be a real calendar date'],
    ['2025-13-01', 'must be a real calendar date'],
    ['2025-10-32', 'must be a real calendar date'],
    ['2025/10/24', 'must be a date written yyyy-MM-dd'],
    ['24.10.2025', 'must be a date written yyyy-MM-dd'],
    ['2025-1-5', 'must be a date written yyyy-MM-dd'],
    ['2025-10-24T10:00:00Z', 'must be a date written yyyy-MM-dd'],
    ['October 24, 2025', 'must be a date written yyyy-MM-dd'],
  ])('rejects the date %s', (date, message) => {
    expect(firstIssue(BlogFrontMatter, { ...valid, date })).toMatchObject({ path: 'date', message });
  });

  it('accepts a leap day only in a leap year', () => {
    expect(BlogFrontMatter.safeParse({ ...valid, date: '2024-02-29' }).success).toBe(true);
    expect(BlogFrontMatter.safeParse({ ...valid, date: '2025-02-29' }).success).toBe(false);
  });
});

describe('IsoDate', () => {
  it('takes the text written, which is what the engine hands it for an unquoted YAML date: a Date object is refused', () => {
    expect(IsoDate.parse('2025-10-24')).toBe('2025-10-24');
    expect(IsoDate.safeParse(new Date(Date.UTC(2025, 9, 24))).success).toBe(false);
  });

  it('rejects an invalid Date object', () => {
    expect(IsoDate.safeParse(new Date('nope')).success).toBe(false);
  });
});

describe('front matter as YAML (js-yaml)', () => {
  const md = (date: string) =>
    `---\ntitle: "T"\ndescription: "D"\ndate: ${date}\nreadTime: "8 min read"\ncategory: "Tools"\nauthor: "A"\n---\n\nBody.\n`;
  const parse = (date: string) => parseMarkdownFile('blog/x.md', md(date), BlogFrontMatter).data.date;
  const error = (date: string) => {
    try {
      parse(date);
    } catch (e) {
      expect(e).toBeInstanceOf(SiteError);
      return e as SiteError;
    }
    throw new Error(`date ${date} was accepted`);
  };

  it('accepts a quoted and an unquoted date alike', () => {
    expect(parse('"2025-10-24"')).toBe('2025-10-24');
    expect(parse('2025-10-24')).toBe('2025-10-24');
  });

  it('rejects an unquoted impossible date instead of rolling it over to March', () => {
    const e = error('2025-02-30');
    expect(e.message).toContain('must be a real calendar date');
    expect(e.message).toContain('"2025-02-30"');
  });

  it('rejects an unquoted date-time instead of shifting it to another day', () => {
    expect(error('2025-10-24T23:00:00-05:00').message).toContain('must be a date written yyyy-MM-dd');
  });

  it('a draft flag that is not true or false is an error with file, line, field and hint', () => {
    const source = md('"2025-10-24"').replace('author: "A"\n', 'author: "A"\ndraft: "yes"\n');
    const e = (() => {
      try {
        parseMarkdownFile('blog/x.md', source, BlogFrontMatter);
      } catch (err) {
        return err as SiteError;
      }
      throw new Error('draft: "yes" was accepted');
    })();
    expect(e).toBeInstanceOf(SiteError);
    expect(e.code).toBe('ContentFieldInvalid');
    expect(e.location).toEqual({ file: 'blog/x.md', line: 8, field: 'draft' });
    expect(e.message).toBe('blog/x.md:8: field "draft" must be a boolean, but found "yes".');
    expect(e.hint).toMatch(/schema/);
    expect(parseMarkdownFile('blog/x.md', source.replace('"yes"', 'true'), BlogFrontMatter).data.draft).toBe(true);
  });

  it('a date that is not a date is an error with file, line, field and hint', () => {
    const e = error('"soon"');
    expect(e.location).toEqual({ file: 'blog/x.md', line: 4, field: 'date' });
    expect(e.hint).toContain('yyyy-MM-dd');
  });

  it('rejects a slashed date, quoted or not', () => {
    expect(error('2025/10/24').message).toContain('"2025/10/24"');
    expect(error('"2025/10/24"').message).toContain('"2025/10/24"');
  });
});

describe('LegalFrontMatter', () => {
  it('needs title, description and an effective date', () => {
    expect(LegalFrontMatter.safeParse({ title: 'Privacy Policy', description: 'How we handle data.', effective: '2025-05-06' }).success).toBe(true);
    expect(firstIssue(LegalFrontMatter, { title: 'Privacy Policy', description: 'x', effective: '2025-06-31' })).toMatchObject({
      path: 'effective',
    });
  });
});

describe('page SEO', () => {
  const seo = { name: 'Pricing', title: 'Pricing | Decksmith', description: 'Plans and prices.' };

  it('accepts name, title and description', () => {
    expect(PageSeo.parse(seo)).toEqual(seo);
  });

  it('rejects a title over 70 and a description over 170 characters', () => {
    expect(firstIssue(PageSeo, { ...seo, title: 'x'.repeat(71) })).toMatchObject({ path: 'title' });
    expect(firstIssue(PageSeo, { ...seo, description: 'x'.repeat(171) })).toMatchObject({ path: 'description' });
  });

  it('every page schema requires a seo block', () => {
    for (const [name, schema] of Object.entries(pageSchemas)) {
      const result = (schema as z.ZodType).safeParse({});
      expect(result.error?.issues.map((i) => i.path.join('.')), name).toContain('seo');
    }
  });
});

describe('BlogListing', () => {
  const listing = {
    pageSize: 24,
    categoriesLabel: 'Categories',
    allLabel: 'All articles',
    paginationLabel: 'Pagination',
    previous: 'Previous page',
    next: 'Next page',
    pageStatus: 'Page {page} of {pages}',
    pageCrumb: 'Page {page}',
    pageTitle: 'page {page}',
    categories: { Opinion: 'Opinions.', Comparisons: 'Comparisons.', Tools: 'Tools.' },
  };

  it('accepts a page size, the labels and a blurb per category', () => {
    expect(BlogListing.parse(listing)).toEqual(listing);
  });

  it('rejects a page size that is not a whole number from 1 to 100', () => {
    for (const pageSize of [0, 2.5, 101]) expect(firstIssue(BlogListing, { ...listing, pageSize })).toMatchObject({ path: 'pageSize' });
  });

  it('rejects a page text without the numbers it must show', () => {
    expect(firstIssue(BlogListing, { ...listing, pageStatus: 'Page {page}' })).toMatchObject({ path: 'pageStatus', message: 'must contain {page} and {pages}' });
    expect(firstIssue(BlogListing, { ...listing, pageTitle: 'next page' })).toMatchObject({ path: 'pageTitle', message: 'must contain {page}' });
  });

  it('needs a blurb for every category, and no other', () => {
    const { Tools: _, ...missing } = listing.categories;
    expect(firstIssue(BlogListing, { ...listing, categories: missing })).toMatchObject({ path: 'categories.Tools' });
    expect(BlogListing.safeParse({ ...listing, categories: { ...listing.categories, News: 'News.' } }).success).toBe(false);
  });
});
