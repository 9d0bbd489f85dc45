/** A component's source hash covers its file and what it imports by relative paths, and nothing else. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { componentDep, componentHashes, templatesImportComponents } from '../../../../generator/content/components/componentHashes.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'site-component-hashes-'));
const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('componentHashes', () => {
  write('components/Callout.tsx', "import { Icon } from './parts/Icon.tsx';\nimport { z } from 'zod';\nexport const Callout = () => null;\n");
  write('components/parts/Icon.tsx', "import { shape } from './shape';\nexport const Icon = () => null;\n");
  write('components/parts/shape.ts', 'export const shape = 1;\n');
  write('components/Chart.tsx', 'export const Chart = () => null;\n');
  const hashes = () => componentHashes(root, ['Callout', 'Chart']);

  it('changes with the component or any file it imports, transitively, and leaves the others alone', () => {
    const before = hashes();
    expect(Object.keys(before)).toEqual([componentDep('Callout'), componentDep('Chart')]);
    expect(hashes()).toEqual(before);
    write('components/parts/shape.ts', 'export const shape = 2;\n');
    const after = hashes();
    expect(after[componentDep('Callout')]).not.toBe(before[componentDep('Callout')]);
    expect(after[componentDep('Chart')]).toBe(before[componentDep('Chart')]);
  });

  it('gives a component without a file a hash that never matches', () => {
    const a = componentHashes(root, ['Missing'])[componentDep('Missing')];
    const b = componentHashes(root, ['Missing'])[componentDep('Missing')];
    expect(a).not.toBe(b);
  });
});

describe('templatesImportComponents', () => {
  it('says whether a template imports a component itself, so the templates\' key covers components/ then', () => {
    write('components/Badge.tsx', 'export const Badge = () => null;\n');
    write('templates/pages.tsx', "import { useSite } from 'skerry';\nimport { shared } from './parts/shared.ts';\n");
    write('templates/parts/shared.ts', 'export const shared = 1;\n');
    expect(templatesImportComponents(root, path.join(root, 'templates'))).toBe(false);
    write('templates/parts/aside.tsx', "import { Badge } from '../../components/Badge.tsx';\n");
    expect(templatesImportComponents(root, path.join(root, 'templates'))).toBe(true);
  });

  it('is false for a site without a templates folder', () => {
    expect(templatesImportComponents(root, path.join(root, 'no-templates'))).toBe(false);
  });
});
