/** Every init template's stylesheet lays out right-to-left pages too: logical properties, never a physical side. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SITE_TEMPLATES } from '../../../generator/init/siteTemplates.ts';

describe("the init templates' stylesheets", () => {
  it.each(Object.keys(SITE_TEMPLATES))('%s: names no left or right side (margin-inline-start, inset-inline-start instead)', (template) => {
    const css = readFileSync(new URL(`../../../generator/init/templates/${template}/templates/styles/main.css`, import.meta.url), 'utf8');
    const declarations = css.replace(/\/\*[\s\S]*?\*\//g, '').match(/[\w-]+\s*:[^;{}]*;/g) ?? [];
    const physical = declarations.filter((d) => /(^|-)(left|right)$/.test(d.split(':')[0]!.trim()) || /:\s*(left|right)\b/.test(d));
    expect(physical).toEqual([]);
    expect(css).toContain('inset-inline-start');
  });
});
