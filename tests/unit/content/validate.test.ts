/** A content error names the file, the line, the field, what was expected and what was found. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseMarkdownFile } from '../../../generator/content/load.ts';
import { locateJsonPath } from '../../../generator/content/locateJsonPath.ts';
import { BlogFrontMatter, PageSeo } from '../../../templates/schemas.ts';
import { describeFound, validate } from '../../../generator/content/validate.ts';
import { formatSiteError, SiteError } from '../../../generator/core/errors.ts';

/** Runs fn and returns the SiteError it throws. */
function thrown(fn: () => unknown): SiteError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SiteError);
    return e as SiteError;
  }
  throw new Error('expected a SiteError, but nothing was thrown');
}

const Pricing = z.strictObject({
  seo: PageSeo,
  plans: z.array(z.strictObject({ name: z.string(), priceAmount: z.number().nullable(), popular: z.boolean() })),
});

const pricingJson = `{
  "seo": {
    "name": "Pricing",
    "title": "Pricing | Decksmith",
    "description": "Plans."
  },
  "plans": [
    { "name": "Starter", "priceAmount": 0, "popular": false },
    {
      "name": "Pro",
      "priceAmount": "19",
      "popular": true
    }
  ]
}`;

const validateJson = (text: string) =>
  validate(Pricing, JSON.parse(text), 'pages/pricing.json', (p) => locateJsonPath(text, p));

describe('validate', () => {
  it('returns the parsed data when it is valid', () => {
    const ok = pricingJson.replace('"19"', '19');
    expect(validateJson(ok).plans[1]).toEqual({ name: 'Pro', priceAmount: 19, popular: true });
  });

  it('names file, line, field, expected and found for a wrong type in nested JSON', () => {
    const e = thrown(() => validateJson(pricingJson));
    expect(e.code).toBe('ContentFieldInvalid');
    expect(e.message).toBe('pages/pricing.json:11: field "plans.1.priceAmount" must be a number, but found "19".');
    expect(e.location).toEqual({ file: 'pages/pricing.json', line: 11, field: 'plans.1.priceAmount' });
    expect(e.hint).toMatch(/site\.config\.ts/);
  });

  it('points a missing field at its parent object', () => {
    const text = pricingJson.replace('"19"', '19').replace('"title": "Pricing | Decksmith",\n', '');
    const e = thrown(() => validateJson(text));
    expect(e.message).toBe('pages/pricing.json:2: field "seo.title" must be a string, but found nothing (the field is missing).');
  });

  it('names an unknown field and its line', () => {
    const text = pricingJson.replace('"19"', '19').replace('"popular": true', '"popular": true,\n      "pouplar": 1');
    const e = thrown(() => validateJson(text));
    expect(e.args).toMatchObject({ field: 'plans.1.pouplar', line: 13, expected: 'is not a known field' });
  });

  it('explains a custom rule with its own wording', () => {
    const text = pricingJson.replace('"19"', '19').replace('Pricing | Decksmith', 'x'.repeat(71));
    const e = thrown(() => validateJson(text));
    expect(e.message).toContain('field "seo.title" must be at most 70 characters');
    expect(e.message).toContain(`found "${'x'.repeat(57)}..."`);
  });

  it('prints as title, message and "Hint:" for the CLI', () => {
    const text = formatSiteError(thrown(() => validateJson(pricingJson)));
    expect(text.split('\n')).toEqual([
      'Content field is invalid [ContentFieldInvalid]',
      expect.stringContaining('pages/pricing.json:11'),
      expect.stringMatching(/^Hint: /),
    ]);
  });
});

describe('front matter errors', () => {
  const source = [
    '---',
    'title: "Gamma vs Google Slides"',
    'description: "A comparison."',
    'date: "2025-10-22"',
    'readTime: "8 min read"',
    'category: "Opinions"',
    'author: "The Decksmith Team"',
    '---',
    '',
    'category: this line in the body must never be blamed',
  ].join('\n');

  it('names the line of the field in the front matter', () => {
    const e = thrown(() => parseMarkdownFile('blog/gamma.md', source, BlogFrontMatter));
    expect(e.message).toBe('blog/gamma.md:6: field "category" must be one of Opinion, Comparisons, Tools, but found "Opinions".');
    expect(e.hint).toMatch(/one of the values listed.*\(Opinion, Comparisons, Tools\)/);
  });

  it('points a missing field at the front matter itself, not at the body', () => {
    const broken = source.replace('category: "Opinions"\n', '');
    const e = thrown(() => parseMarkdownFile('blog/gamma.md', broken, BlogFrontMatter));
    expect(e.args).toMatchObject({ file: 'blog/gamma.md', line: 1, field: 'category', found: 'nothing (the field is missing)' });
  });

  it('gives a date hint for a bad date', () => {
    const e = thrown(() => parseMarkdownFile('blog/gamma.md', source.replace('2025-10-22', '2025/10/22').replace('Opinions', 'Tools'), BlogFrontMatter));
    expect(e.message).toBe('blog/gamma.md:4: field "date" must be a date written yyyy-MM-dd, but found "2025/10/22".');
    expect(e.hint).toBe('Write dates as yyyy-MM-dd in quotes, for example date: "2025-10-24".');
  });

  it('says so when the front matter is a list instead of fields', () => {
    const e = thrown(() => parseMarkdownFile('blog/gamma.md', '---\n- title\n---\nBody', BlogFrontMatter));
    expect(e.message).toBe('blog/gamma.md:1: field "(root)" must be an object, but found a list of 1 item.');
  });

  it('reports YAML that cannot be parsed', () => {
    const e = thrown(() => parseMarkdownFile('blog/gamma.md', source.replace('title: "Gamma vs Google Slides"', 'title: "unclosed'), BlogFrontMatter));
    expect(e.code).toBe('ContentFrontMatterMalformed');
    expect(e.message).toMatch(/^blog\/gamma\.md has front matter that is not valid YAML: /);
  });
});

describe('describeFound', () => {
  it.each([
    [undefined, 'nothing (the field is missing)'],
    [null, 'null'],
    ['Opinions', '"Opinions"'],
    [42, 'number 42'],
    [true, 'boolean true'],
    [[1, 2], 'a list of 2 items'],
    [['a'], 'a list of 1 item'],
    [{ a: 1 }, 'an object'],
  ])('describes %j as %s', (value, text) => {
    expect(describeFound(value)).toBe(text);
  });
});
