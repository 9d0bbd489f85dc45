import { describe, expect, it } from 'vitest';
import { denoRunArgs } from '../../../../generator/backend/functions/denoRunArgs.ts';
import type { EdgeFunction } from '../../../../generator/backend/functions/functionsConfig.ts';

const fn = (over: Partial<EdgeFunction> = {}): EdgeFunction => ({
  name: 'hello',
  entrypoint: '/project/supabase/functions/hello/index.ts',
  config: null,
  verifyJwt: true,
  memoryLimitMb: 256,
  ...over,
});
const places = { preload: '/backend/denoParentWatch.ts', tmpDir: '/tmp/site-function-x' };

describe('denoRunArgs', () => {
  it('reads only the function folder and its temporary folder, writes only the latter, caps the heap and preloads the parent watch', () => {
    expect(denoRunArgs(fn(), places)).toEqual([
      'run',
      '--no-prompt',
      '--no-lock',
      '--allow-net',
      '--allow-env',
      '--allow-read=/project/supabase/functions/hello,/tmp/site-function-x',
      '--allow-write=/tmp/site-function-x',
      '--v8-flags=--max-old-space-size=256',
      '--preload=/backend/denoParentWatch.ts',
      '/project/supabase/functions/hello/index.ts',
    ]);
  });

  it('may read its deno.json or import map, wherever it is, and passes it on; the heap follows memory_limit_mb', () => {
    const args = denoRunArgs(fn({ config: { kind: 'importMap', path: '/project/supabase/functions/import_map.json' }, memoryLimitMb: 64 }), places);
    expect(args).toContain('--allow-read=/project/supabase/functions/hello,/project/supabase/functions/import_map.json,/tmp/site-function-x');
    expect(args).toContain('--v8-flags=--max-old-space-size=64');
    expect(args.slice(-3)).toEqual(['--import-map', '/project/supabase/functions/import_map.json', '/project/supabase/functions/hello/index.ts']);
    expect(denoRunArgs(fn({ config: { kind: 'config', path: '/p/deno.json' } }), places).slice(-3)).toEqual(['--config', '/p/deno.json', '/project/supabase/functions/hello/index.ts']);
  });

  it('never grants reading everything', () => {
    expect(denoRunArgs(fn(), places)).not.toContain('--allow-read');
  });
});
