import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formFields, type FormField } from '../../../generator/editor/formFields.ts';
import { image } from '../../../generator/images/imageField.ts';
import { collections as blogSite } from '../../fixtures/blog-site/templates/collections.ts';
import { collections as imageSite } from '../../fixtures/image-site/templates/collections.ts';

/** The one field of `schema` under the key `key`. */
const fieldOf = (schema: z.ZodType, key = 'x'): FormField => formFields(z.object({ [key]: schema }))[0]!;

/** JSON carries it unchanged: what the browser receives is what was made. */
const expectJsonSafe = (value: unknown) => expect(JSON.parse(JSON.stringify(value))).toStrictEqual(value);

describe('formFields', () => {
  it("describes the blog fixture's post front matter field by field, in key order", () => {
    const fields = formFields(blogSite.posts.schema);
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
    expect(byName.aliases!.of).toMatchObject({ name: '', kind: 'text', required: true, pattern: '^\\/' });
    expectJsonSafe(fields);
  });

  it('labels a field from its key, and a meta title wins', () => {
    const fields = formFields(
      z.object({ readTime: z.string(), data_source: z.string(), 'use-cases': z.string(), seoURL: z.string(), t: z.string().meta({ title: 'Headline' }) }),
    );
    expect(fields.map((f) => f.label)).toEqual(['Read time', 'Data source', 'Use cases', 'Seo URL', 'Headline']);
  });

  it('takes a hint from .describe() or a meta description, through optional', () => {
    expect(fieldOf(z.string().describe('shown in the card'))).toMatchObject({ kind: 'text', hint: 'shown in the card', label: 'X' });
    expect(fieldOf(z.string().optional().describe('outer'))).toMatchObject({ hint: 'outer', required: false });
    expect(fieldOf(z.string().meta({ description: 'inner' }).optional())).toMatchObject({ hint: 'inner' });
  });

  it('marks optional, nullable and defaulted fields not required, with the default', () => {
    expect(fieldOf(z.string().optional())).toMatchObject({ required: false });
    expect(fieldOf(z.number().nullable())).toMatchObject({ kind: 'number', required: false });
    expect(fieldOf(z.string().default('en'))).toMatchObject({ required: false, default: 'en' });
    expect(fieldOf(z.boolean().prefault(true))).toMatchObject({ kind: 'boolean', required: false, default: true });
    expect(fieldOf(z.string().readonly())).toMatchObject({ kind: 'text', required: true });
    expect(fieldOf(z.string().optional().nonoptional())).toMatchObject({ kind: 'text', required: true });
    expect(fieldOf(z.union([z.number(), z.undefined()]))).toMatchObject({ kind: 'number', required: false });
    expect(fieldOf(z.string())).not.toHaveProperty('default');
  });

  it('tells long text by a maximum over 200, a prose key, or meta long', () => {
    expect(fieldOf(z.string().max(500)).kind).toBe('longtext');
    expect(fieldOf(z.string().max(200)).kind).toBe('text');
    for (const key of ['description', 'summary', 'excerpt', 'abstract', 'bio', 'metaDescription', 'author_bio']) {
      expect(fieldOf(z.string(), key).kind).toBe('longtext');
    }
    expect(fieldOf(z.string().meta({ long: true })).kind).toBe('longtext');
    expect(fieldOf(z.string().max(1000).meta({ long: false })).kind).toBe('text');
    expect(fieldOf(z.string(), 'descriptionId').kind).toBe('text');
  });

  it('gives a string its length bounds and pattern', () => {
    expect(fieldOf(z.string().min(2).max(70).regex(/^[a-z]+$/))).toMatchObject({ kind: 'text', min: 2, max: 70, pattern: '^[a-z]+$' });
    expect(fieldOf(z.string().length(3))).toMatchObject({ min: 3, max: 3 });
  });

  it('tells dates by format, by a date pattern, and z.date(); a year or slug pattern stays text', () => {
    expect(fieldOf(z.string().regex(/^\d{4}-\d{2}-\d{2}$/))).toMatchObject({ kind: 'date', dateFormat: 'date' });
    expect(fieldOf(z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/))).toMatchObject({ kind: 'date', dateFormat: 'datetime' });
    expect(fieldOf(z.iso.date())).toMatchObject({ kind: 'date', dateFormat: 'date' });
    expect(fieldOf(z.iso.datetime())).toMatchObject({ kind: 'date', dateFormat: 'datetime' });
    expect(fieldOf(z.date())).toMatchObject({ kind: 'date', dateFormat: 'date' });
    // A date pattern with a check of the calendar day after it (as sites write one).
    expect(fieldOf(z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((d) => !Number.isNaN(Date.parse(d))))).toMatchObject({ kind: 'date', dateFormat: 'date' });
    expect(fieldOf(z.string().regex(/^\d{4}$/)).kind).toBe('text');
    expect(fieldOf(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)).kind).toBe('text');
    expect(fieldOf(z.string().regex(/^\S+$/)).kind).toBe('text');
  });

  it('makes enums of z.enum, string literals and their unions', () => {
    expect(fieldOf(z.enum(['a', 'b']))).toMatchObject({ kind: 'enum', options: ['a', 'b'] });
    expect(fieldOf(z.union([z.literal('x'), z.literal('y'), z.enum(['z'])]))).toMatchObject({ kind: 'enum', options: ['x', 'y', 'z'] });
    expect(fieldOf(z.literal(['s', 'm']))).toMatchObject({ kind: 'enum', options: ['s', 'm'] });
    expect(fieldOf(z.union([z.literal('a'), z.literal('b'), z.null()]))).toMatchObject({ kind: 'enum', options: ['a', 'b'], required: false });
    expect(fieldOf(z.literal(3)).kind).toBe('unsupported');
  });

  it('gives a number its bounds and step', () => {
    expect(fieldOf(z.number().min(1).max(5))).toMatchObject({ kind: 'number', min: 1, max: 5 });
    expect(fieldOf(z.number().int().positive())).toMatchObject({ min: 1, step: 1 });
    expect(fieldOf(z.int().lt(10))).toMatchObject({ max: 9, step: 1 });
    expect(fieldOf(z.number().multipleOf(0.5).nonnegative())).toMatchObject({ min: 0, step: 0.5 });
    expect(fieldOf(z.number().positive())).not.toHaveProperty('min');
  });

  it('describes arrays by their item, and nested objects field by field', () => {
    const field = fieldOf(
      z.array(z.object({ label: z.string(), link: z.object({ href: z.string(), external: z.boolean().default(false) }) })).min(1).max(4),
      'links',
    );
    expect(field).toMatchObject({ name: 'links', label: 'Links', kind: 'array', min: 1, max: 4 });
    expect(field.of).toMatchObject({ name: '', kind: 'object' });
    const link = field.of!.fields![1]!;
    expect(link).toMatchObject({ name: 'link', kind: 'object', required: true });
    expect(link.fields).toEqual([
      { name: 'href', label: 'Href', required: true, kind: 'text' },
      { name: 'external', label: 'External', required: false, default: false, kind: 'boolean' },
    ]);
    expectJsonSafe(field);
  });

  it("recognises the engine's image() fields, optional or described too", () => {
    expect(fieldOf(image())).toMatchObject({ kind: 'image', required: true });
    expect(fieldOf(image().optional())).toMatchObject({ kind: 'image', required: false });
    expect(fieldOf(image().describe('the card picture'))).toMatchObject({ kind: 'image', hint: 'the card picture' });
    expect(fieldOf(z.string().min(1).transform((s) => s)).kind).toBe('text');
  });

  it('finds the image fields of the image-site fixture', () => {
    const site = formFields(imageSite.site.schema);
    expect(site.map((f) => [f.name, f.kind])).toEqual([
      ['name', 'text'],
      ['url', 'text'],
      ['description', 'longtext'],
      ['hero', 'image'],
    ]);
    expect(formFields(imageSite.posts.schema).find((f) => f.name === 'cover')).toMatchObject({ kind: 'image', required: true });
  });

  it('reads a record with text keys as a map of key and value pairs (a strings file)', () => {
    expect(fieldOf(z.record(z.string(), z.string()))).toMatchObject({ kind: 'map', required: true, of: { name: '', kind: 'text' } });
    expect(fieldOf(z.record(z.string(), z.number()).optional())).toMatchObject({ kind: 'map', required: false, of: { kind: 'number' } });
    expect(formFields(z.record(z.string(), z.string()))).toMatchObject([{ name: '', kind: 'map' }]);
  });

  it('tells a long text by its key: a body, an intro, a paragraph', () => {
    for (const key of ['body', 'intro', 'paragraph', 'pageBody']) expect(fieldOf(z.string(), key).kind).toBe('longtext');
    expect(fieldOf(z.string(), 'bodyId').kind).toBe('text');
  });

  it('names the zod type of what it has no input for', () => {
    expect(fieldOf(z.record(z.number(), z.string()))).toMatchObject({ kind: 'unsupported', hint: 'record' });
    expect(fieldOf(z.union([z.boolean(), z.string()]))).toMatchObject({ kind: 'unsupported', hint: 'union' });
    expect(fieldOf(z.tuple([z.string()]).describe('a pair'))).toMatchObject({ kind: 'unsupported', hint: 'a pair (tuple)' });
  });

  it('stops at a recursive schema', () => {
    type Node = { name: string; children: Node[] };
    const Node: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(Node) }));
    const fields = formFields(Node);
    expect(fields[0]).toMatchObject({ name: 'name', kind: 'text' });
    expectJsonSafe(fields);
    expect(JSON.stringify(fields)).toContain('"kind":"unsupported"');
  });

  it('gives a schema that is no object one field named ""', () => {
    expect(formFields(z.array(z.string()))).toEqual([{ name: '', label: '', required: true, kind: 'array', of: { name: '', label: '', required: true, kind: 'text' } }]);
  });

  it("keeps every form of the fixtures' schemas JSON-safe, dates as defaults too", () => {
    for (const { schema, schemas } of [...Object.values(blogSite), ...Object.values(imageSite)] as { schema?: z.ZodType; schemas?: Record<string, z.ZodType> }[]) {
      for (const one of schema ? [schema] : Object.values(schemas!)) expectJsonSafe(formFields(one));
    }
    const field = fieldOf(z.date().default(new Date('2024-01-31T00:00:00Z')));
    expect(field.default).toBe('2024-01-31T00:00:00.000Z');
    expectJsonSafe(field);
    expect(fieldOf(z.function().optional())).toMatchObject({ kind: 'unsupported', hint: 'function' });
  });
});
