/**
 * Whether an edit changed list entries' bodies alone. A route table sees an entry's metadata, never its
 * body: when the front matter (and so the images it names) is as it was and only the content hash
 * differs, the site's plan stands and only the entry's hash moves on (the body is rendered from the file
 * when its page is asked for). Pure.
 */
import type { ContentSnapshot } from '../content/load.ts';
import type { EntryMeta } from '../site/defineConfig.ts';

/** An entry whose body changed: the object the plan holds, and the hash its file has now. */
export interface BodyChange {
  entry: EntryMeta;
  hash: string;
}

const sansHash = (e: EntryMeta) => JSON.stringify({ ...e, hash: '' });

/** The entries of `before` whose body alone changed in `after`, or null when anything else changed (or nothing did). */
export function bodyOnlyChanges(before: ContentSnapshot, after: ContentSnapshot): BodyChange[] | null {
  const changes: BodyChange[] = [];
  for (const name of Object.keys(after.collections)) {
    const [was, now] = [before.collections[name], after.collections[name]];
    if (was === now) continue;
    if (!Array.isArray(was) || !Array.isArray(now) || was.length !== now.length) return null;
    for (let i = 0; i < now.length; i++) {
      const [a, b] = [was[i] as EntryMeta, now[i] as EntryMeta];
      if (a === b) continue;
      if (a.file !== b.file || sansHash(a) !== sansHash(b)) return null;
      changes.push({ entry: a, hash: b.hash });
    }
  }
  return changes.length && Object.keys(before.collections).length === Object.keys(after.collections).length ? changes : null;
}
