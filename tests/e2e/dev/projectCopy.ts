/** A throwaway copy of the project (sources copied, node_modules linked) that a test may edit freely. */
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export async function projectCopy(): Promise<{ root: string; remove(): Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-project-'));
  const here = process.cwd();
  await Promise.all(
    ['site.config.ts', 'content', 'templates', 'widgets', 'supabase', 'package.json', 'tsconfig.json'].map((p) =>
      cp(path.join(here, p), path.join(root, p), { recursive: true }),
    ),
  );
  await symlink(path.join(here, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
