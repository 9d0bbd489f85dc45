/**
 * Publishing from the editor: the content files saved since the last commit (git status of the content
 * folder, each with what changed in it), and one commit of the ones the author picks with their message
 * (`git commit --only`: exactly those files, whatever else is staged or changed).
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../core/errors.ts';
import { plainRelative } from './contentFile.ts';
import { gitRun, gitTop } from './gitRun.ts';
import { IMAGE_FILE } from './imageRefs.ts';
import { diffHunks, lineDiff } from './lineDiff.ts';

export interface ContentChange {
  /** Relative to the content folder. */
  file: string;
  status: 'added' | 'modified' | 'deleted';
  /** The changed lines with a little context (none for an image). */
  diff?: ReturnType<typeof diffHunks>;
}

export type ContentChanges =
  | { repository: false; error: ReturnType<typeof wire> }
  | { repository: true; changes: ContentChange[]; last: { commit: string; date: string; subject: string } | null };

const wire = (e: SiteError) => ({ code: e.code, title: e.title, message: e.message, hint: e.hint });

interface Repo {
  top: string;
  /** The content folder relative to the repository's top ('' when it is the top). */
  prefix: string;
}

async function repoOf(contentDir: string): Promise<Repo | null> {
  const top = await gitTop(contentDir);
  if (!top) return null;
  const prefix = path.relative(realpathSync(top), realpathSync(contentDir)).split(path.sep).join('/');
  return { top, prefix };
}

const inRepo = (repo: Repo, file: string) => (repo.prefix ? `${repo.prefix}/${file}` : file);

/** `git status` of the content folder: each changed file with its status (a rename is a deletion and an addition). */
async function changedFiles(repo: Repo): Promise<{ file: string; status: ContentChange['status'] }[]> {
  const r = await gitRun(repo.top, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', `:(literal)${repo.prefix || '.'}`]);
  if (!r.ok) return [];
  const parts = r.out.split('\0');
  const out: { file: string; status: ContentChange['status'] }[] = [];
  for (let i = 0; i < parts.length; i++) {
    const item = parts[i]!;
    if (item.length < 4) continue;
    const [x, y, at] = [item[0], item[1], item.slice(3)];
    const rel = repo.prefix ? path.posix.relative(repo.prefix, at) : at;
    if (x === 'R' || x === 'C') {
      const from = parts[++i]!;
      if (x === 'R') out.push({ file: repo.prefix ? path.posix.relative(repo.prefix, from) : from, status: 'deleted' });
      out.push({ file: rel, status: 'added' });
    } else out.push({ file: rel, status: x === '?' || x === 'A' ? 'added' : x === 'D' || y === 'D' ? 'deleted' : 'modified' });
  }
  return out.filter((c) => !c.file.startsWith('../')).sort((a, b) => a.file.localeCompare(b.file));
}

/** A file's text at the last commit ('' when it had none). */
async function committedText(repo: Repo, file: string): Promise<string> {
  const r = await gitRun(repo.top, ['show', `HEAD:${inRepo(repo, file)}`]);
  return r.ok ? r.out : '';
}

export async function contentChanges(contentDir: string): Promise<ContentChanges> {
  const repo = await repoOf(contentDir);
  if (!repo) return { repository: false, error: wire(new SiteError('EditorNotARepository', { dir: path.dirname(contentDir) })) };
  const files = await changedFiles(repo);
  const changes = await Promise.all(
    files.map(async ({ file, status }): Promise<ContentChange> => {
      if (IMAGE_FILE.test(file)) return { file, status };
      const before = status === 'added' ? '' : await committedText(repo, file);
      const disk = path.join(contentDir, file);
      const after = status === 'deleted' || !existsSync(disk) ? '' : readFileSync(disk, 'utf8');
      return { file, status, diff: diffHunks(lineDiff(before, after)) };
    }),
  );
  const log = await gitRun(repo.top, ['log', '-1', '--format=%H%x1f%aI%x1f%s']);
  const [commit, date, subject] = log.ok ? log.out.trim().split('\x1f') : [];
  return { repository: true, changes, last: commit ? { commit, date: date!, subject: subject! } : null };
}

/** One commit of `files` (relative to the content folder) with `message`: its hash, or the error to answer. */
export async function publish(contentDir: string, files: unknown, message: unknown): Promise<{ commit: string; files: string[] } | SiteError> {
  const repo = await repoOf(contentDir);
  if (!repo) return new SiteError('EditorNotARepository', { dir: path.dirname(contentDir) });
  if (typeof message !== 'string' || message.trim() === '') return new SiteError('EditorPublishInvalid', { reason: 'the message saying what changed is empty' });
  if (!Array.isArray(files) || files.length === 0) return new SiteError('EditorPublishInvalid', { reason: 'no change was chosen' });
  const changed = new Set((await changedFiles(repo)).map((c) => c.file));
  for (const f of files) {
    if (!plainRelative(f)) return new SiteError('EditorPublishInvalid', { reason: `${String(f).slice(0, 200)} is not a file of the content folder` });
    if (!changed.has(f)) return new SiteError('EditorPublishInvalid', { reason: `${f} has no saved change since the last publish` });
  }
  const specs = (files as string[]).map((f) => `:(literal)${inRepo(repo, f)}`);
  const added = await gitRun(repo.top, ['add', '-A', '--', ...specs]);
  if (!added.ok) return new SiteError('EditorPublishFailed', { reason: added.message });
  const committed = await gitRun(repo.top, ['commit', '--only', '-m', message.trim(), '--', ...specs]);
  if (!committed.ok) return new SiteError('EditorPublishFailed', { reason: committed.message });
  const head = await gitRun(repo.top, ['rev-parse', 'HEAD']);
  return { commit: head.ok ? head.out.trim() : '', files: files as string[] };
}

/** A content file's versions in git, newest first, each with the path it had then (renames followed). */
export async function entryHistory(contentDir: string, file: string): Promise<{ commit: string; author: string; date: string; subject: string; path: string }[] | null> {
  const repo = await repoOf(contentDir);
  if (!repo) return null;
  const r = await gitRun(repo.top, ['log', '--follow', '--name-only', '--format=%x1e%H%x1f%an%x1f%aI%x1f%s', '--', inRepo(repo, file)]);
  if (!r.ok) return [];
  return r.out
    .split('\x1e')
    .filter((rec) => rec.trim())
    .map((rec) => {
      const [head, ...rest] = rec.split('\n');
      const [commit, author, date, subject] = head!.split('\x1f');
      return { commit: commit!, author: author!, date: date!, subject: subject!, path: rest.find((l) => l.trim())?.trim() ?? inRepo(repo, file) };
    });
}

/** A file's text at `commit` (the path it had then), or null. */
export async function versionText(contentDir: string, file: string, commit: string): Promise<string | null> {
  if (!/^[0-9a-f]{7,40}$/.test(commit)) return null;
  const versions = await entryHistory(contentDir, file);
  const version = versions?.find((v) => v.commit.startsWith(commit));
  if (!version) return null;
  const repo = (await repoOf(contentDir))!;
  const r = await gitRun(repo.top, ['show', `${version.commit}:${version.path}`]);
  return r.ok ? r.out : null;
}
