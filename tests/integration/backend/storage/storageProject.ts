// A project folder for the Storage tests: this repository's migrations (symlinked, so the cached
// migrated template is reused) with a config.toml of the test's own [storage] tables.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

/** A temporary project; `supabaseDir` for startBackend, `remove()` when done. */
export function storageProject(configToml: string, files: Record<string, string | Buffer> = {}): { dir: string; supabaseDir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-storage-project-'));
  const supabaseDir = path.join(dir, 'supabase');
  mkdirSync(supabaseDir);
  symlinkSync(path.join(root, 'supabase', 'migrations'), path.join(supabaseDir, 'migrations'));
  writeFileSync(path.join(supabaseDir, 'config.toml'), configToml);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(supabaseDir, name)), { recursive: true });
    writeFileSync(path.join(supabaseDir, name), content);
  }
  return { dir, supabaseDir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The object files a data dir holds (storage/objects/<version>). */
export function objectFilesIn(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, 'storage', 'objects')).sort();
  } catch {
    return [];
  }
}

/** Files being received (storage/tmp). */
export function incomingFilesIn(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, 'storage', 'tmp'));
  } catch {
    return [];
  }
}

/** A PNG of the given size, drawn by sharp. */
export async function pngOf(width: number, height: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
}

/**
 * Policies a site would write on storage.objects: in the private bucket `avatars`, a signed-in user
 * writes only under a folder named by their id and reads only what they own.
 */
export const AVATAR_POLICIES = `
create policy "avatars: upload into one's own folder" on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "avatars: read one's own" on storage.objects for select to authenticated
  using (bucket_id = 'avatars' and owner_id = (select auth.uid())::text);
create policy "avatars: replace one's own" on storage.objects for update to authenticated
  using (bucket_id = 'avatars' and owner_id = (select auth.uid())::text);
create policy "avatars: delete one's own" on storage.objects for delete to authenticated
  using (bucket_id = 'avatars' and owner_id = (select auth.uid())::text);
`;
