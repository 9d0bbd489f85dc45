/** The pure parts of site dev and preview: change classification, _headers rules, error flattening, the overlay. */
import { describe, expect, it } from 'vitest';
import { classifyChange } from '../../../generator/dev/classifyChange.ts';
import { headersFor, parseHeadersFile } from '../../../generator/dev/parseHeadersFile.ts';
import { overlayHtml } from '../../../generator/dev/overlay.ts';
import { toWireError } from '../../../generator/dev/toWireError.ts';
import { SiteError } from '../../../generator/core/errors.ts';

const roots = { contentDir: '/p/content', templatesDir: '/p/templates', widgetsDir: '/p/widgets', supabaseDir: '/p/supabase', componentsDir: '/p/components' };

describe('classifyChange', () => {
  it.each([
    ['/p/content/blog/a.md', 'content', 'blog/a.md'],
    ['/p/content/pages/home.json', 'content', 'pages/home.json'],
    ['/p/content/blog/images/chart.avif', 'content', 'blog/images/chart.avif'],
    ['/p/content/notes.txt', 'ignore', 'notes.txt'],
    ['/p/templates/styles/base.css', 'style', 'styles/base.css'],
    ['/p/templates/static/logo.svg', 'static', 'static/logo.svg'],
    ['/p/templates/Nav.tsx', 'template', 'Nav.tsx'],
    ['/p/widgets/islands/ContactForm.tsx', 'widget', 'islands/ContactForm.tsx'],
    ['/p/components/Callout.tsx', 'template', 'Callout.tsx'],
    ['/p/components/notes.md', 'ignore', 'notes.md'],
    ['/p/supabase/migrations/2026_x.sql', 'migration', '2026_x.sql'],
    ['/p/supabase/config.toml', 'ignore', '/p/supabase/config.toml'],
    ['/elsewhere/file.ts', 'ignore', '/elsewhere/file.ts'],
  ])('%s is a %s change', (file, kind, rel) => {
    expect(classifyChange(file, roots)).toEqual({ kind, rel });
  });
});

describe('_headers rules', () => {
  const rules = parseHeadersFile('# comment\n/*\n  X-A: 1\n  Content-Security-Policy: default-src \'self\'; img-src data:\n/assets/*\n  Cache-Control: immutable\n  X-A: 2\n');
  it('applies every matching rule, later ones winning', () => {
    expect(headersFor(rules, '/pricing')).toEqual({ 'x-a': '1', 'content-security-policy': "default-src 'self'; img-src data:" });
    expect(headersFor(rules, '/assets/main.css')['x-a']).toBe('2');
    expect(headersFor(rules, '/assets/main.css')['cache-control']).toBe('immutable');
  });
  it('treats pattern characters other than * literally', () => {
    expect(headersFor(parseHeadersFile('/a.b\n  X: 1\n'), '/aXb')).toEqual({});
  });
});

describe('errors in dev', () => {
  it('flattens a SiteError with its location, and anything else as an internal error', () => {
    const e = new SiteError('ContentFieldInvalid', { file: 'blog/a.md', line: 4, field: 'date', expected: 'must be a date', found: '"x"' });
    expect(toWireError(e)).toMatchObject({ code: 'ContentFieldInvalid', file: 'blog/a.md', line: 4, field: 'date' });
    expect(toWireError(new Error('boom'))).toMatchObject({ code: 'Internal', title: 'Unexpected error' });
    const wire = toWireError(e);
    expect(toWireError({ wire })).toBe(wire);
  });
  it('escapes everything it shows in the overlay', () => {
    const html = overlayHtml({ code: 'X', title: '<b>t</b>', message: '</pre><script>alert(1)</script>', hint: 'h&h' }, '/c.js');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;/pre&gt;&lt;script&gt;');
    expect(html).toContain('h&amp;h');
  });
});
