/**
 * The site's content images and who shows them: every image file under the content folder, with the
 * entries (markdown, JSON and YAML files) whose text names it (imageRefs.ts). What the media library
 * lists, and what decides that an image may go: one no entry names.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_FILE, imageRefs } from './imageRefs.ts';

export interface MediaImage {
  /** Relative to the content folder. */
  file: string;
  bytes: number;
  /** The entries that show it, relative to the content folder. */
  users: string[];
}

const ENTRY_FILE = /\.(md|json|ya?ml)$/;

/** Every file under `contentDir` (links are not followed; hidden folders are skipped), relative to it. */
function filesUnder(contentDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const d of readdirSync(path.join(contentDir, dir), { withFileTypes: true })) {
      if (d.name.startsWith('.')) continue;
      const rel = dir ? `${dir}/${d.name}` : d.name;
      if (d.isDirectory()) walk(rel);
      else if (d.isFile()) out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

/** Image -> the entries that name it, over every entry file of the folder. */
export function imageUsers(contentDir: string, files = filesUnder(contentDir)): Map<string, string[]> {
  const users = new Map<string, string[]>();
  for (const rel of files) {
    if (!ENTRY_FILE.test(rel)) continue;
    for (const image of imageRefs(rel, readFileSync(path.join(contentDir, rel), 'utf8'))) users.set(image, [...(users.get(image) ?? []), rel]);
  }
  return users;
}

export function mediaLibrary(contentDir: string): MediaImage[] {
  const files = filesUnder(contentDir);
  const users = imageUsers(contentDir, files);
  return files.filter((f) => IMAGE_FILE.test(f)).map((file) => ({ file, bytes: statSync(path.join(contentDir, file)).size, users: users.get(file) ?? [] }));
}
