/** The frames of a V8 stack: from a CommonJS bundle (paths), an ES module bundle (file: URLs), without a name, async. */
import { describe, expect, it } from 'vitest';
import { parseStack } from '../../../generator/core/parseStack.ts';

describe('parseStack', () => {
  it('reads the name, file, line and column of each frame, and skips Node internals', () => {
    const stack = [
      "TypeError: Cannot read properties of undefined (reading 'x')",
      '    at TrailPage (/srv/site/.site/cache/cli.0123456789.cjs:1200:15)',
      '    at file:///srv/site/.site/cache/dev-worker.0123456789.mjs:88:3',
      '    at async Promise.all (index 0)',
      '    at async render (/srv/site/templates/pages/Trail Page.tsx:12:9)',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
    ].join('\n');
    expect(parseStack(stack)).toEqual([
      { name: 'TrailPage', file: '/srv/site/.site/cache/cli.0123456789.cjs', line: 1200, column: 15 },
      { file: 'file:///srv/site/.site/cache/dev-worker.0123456789.mjs', line: 88, column: 3 },
      { name: 'render', file: '/srv/site/templates/pages/Trail Page.tsx', line: 12, column: 9 },
    ]);
  });
});
