import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { fieldProblems } from '../../../generator/editor/fieldProblems.ts';

const Post = z.strictObject({
  title: z.string().min(1),
  readTime: z.string().regex(/^\d+ min read$/, 'must look like "3 min read"'),
  date: z.iso.date(),
  category: z.enum(['Opinion', 'Tools']),
  url: z.url().optional(),
  tags: z.array(z.string().max(5)).optional(),
});

describe('fieldProblems', () => {
  it('names every invalid field at once, by its label, with what to write, in the form\'s order', () => {
    expect(fieldProblems(Post, {})).toEqual([
      { path: ['title'], label: 'Title', message: 'Title is missing.', hint: 'Write the title.' },
      { path: ['readTime'], label: 'Read time', message: 'Read time is missing.', hint: 'Write the read time.' },
      { path: ['date'], label: 'Date', message: 'Date is missing.', hint: 'Write a date such as 2025-10-24.' },
      { path: ['category'], label: 'Category', message: 'Category is missing.', hint: 'Pick one from the list.' },
    ]);
  });

  it('says what is wrong with a value that is there', () => {
    const problems = fieldProblems(Post, { title: '', readTime: 'long', date: '2025-13-40', category: 'Gossip', url: 'not a url', tags: ['fine', 'far too long'], extra: 1 });
    expect(Object.fromEntries(problems.map((p) => [p.path.join('.'), `${p.message} ${p.hint}`]))).toEqual({
      title: 'Title is empty. Write the title.',
      readTime: 'Read time must look like "3 min read". Write it like the example.',
      date: 'Date must be a date such as 2025-10-24. Write it like the example.',
      category: 'Category must be one of Opinion, Tools. Pick one from the list.',
      url: 'Url must be a web address starting with https://. Write it like the example.',
      'tags.1': 'Tags 2 is too long: at most 5 characters (it has 12). Shorten it.',
      extra: 'extra is not a field of this entry. Remove it from the file.',
    });
  });

  it('has nothing to say of valid data, and names a map\'s keys by themselves', () => {
    expect(fieldProblems(Post, { title: 'A', readTime: '3 min read', date: '2025-01-02', category: 'Tools' })).toEqual([]);
    expect(fieldProblems(z.record(z.string(), z.string()), { home: 3 })).toEqual([{ path: ['home'], label: 'home', message: 'home must be text.', hint: 'Write the home.' }]);
  });
});
