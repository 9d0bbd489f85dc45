/** The init template's stylesheet lays out right-to-left pages too: logical properties, never a physical side. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../../../generator/init/template/templates/styles/main.css', import.meta.url), 'utf8');

describe("the init template's stylesheet", () => {
  it('names no left or right side (margin-inline-start, inset-inline-start instead)', () => {
    const declarations = css.replace(/\/\*[\s\S]*?\*\//g, '').match(/[\w-]+\s*:[^;{}]*;/g) ?? [];
    const physical = declarations.filter((d) => /(^|-)(left|right)$/.test(d.split(':')[0]!.trim()) || /:\s*(left|right)\b/.test(d));
    expect(physical).toEqual([]);
    expect(css).toContain('inset-inline-start');
  });
});
