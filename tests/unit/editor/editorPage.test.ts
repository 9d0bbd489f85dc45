/** The editor's page asks the dev server for nothing it does not serve: an empty icon, so no /favicon.ico. */
import { describe, expect, it } from 'vitest';
import { editorPage } from '../../../generator/editor/editorPage.ts';

describe('editorPage', () => {
  it('names an empty data: icon, which the browser takes instead of asking for /favicon.ico', () => {
    expect(editorPage('/_editor/t/')).toContain('<link rel="icon" href="data:,">');
  });
});
