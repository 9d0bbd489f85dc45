/**
 * The editor's publishing requests: what changed since the last publish, one commit of the saved
 * changes the author picks, an entry's earlier versions, and one of them (its fields, to restore, and
 * what changed since it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { answerError, ok, refuse, refusePath, wireOf, type ApiAnswer } from './apiAnswer.ts';
import { contentFile } from './contentFile.ts';
import type { EditorContext } from './editorContext.ts';
import { diffHunks, lineDiff } from './lineDiff.ts';
import { formatOf } from './newEntryText.ts';
import { contentChanges, entryHistory, publish, versionText } from './publishChanges.ts';
import { readEntryText } from './readEntryText.ts';
import { SiteError } from '../core/errors.ts';

export const changes = async (ctx: EditorContext): Promise<ApiAnswer> => ok(await contentChanges(ctx.contentDir));

export async function publishChosen(ctx: EditorContext, input: Record<string, unknown>): Promise<ApiAnswer> {
  const done = await publish(ctx.contentDir, input.files, input.message);
  if (done instanceof SiteError) return answerError(done);
  ctx.log?.(`Editor: published ${done.files.length} file${done.files.length === 1 ? '' : 's'} as ${done.commit.slice(0, 12)}`);
  return ok(done);
}

export async function history(ctx: EditorContext, query: URLSearchParams): Promise<ApiAnswer> {
  const at = contentFile(ctx.contentDir, query.get('file'));
  if (!at.ok) return refusePath(query.get('file'), at);
  const versions = await entryHistory(ctx.contentDir, at.rel);
  if (!versions) return ok({ repository: false, error: wireOf(new SiteError('EditorNotARepository', { dir: ctx.contentDir })), versions: [] });
  return ok({ repository: true, versions: versions.map(({ path: _path, ...v }) => v) });
}

export async function version(ctx: EditorContext, query: URLSearchParams): Promise<ApiAnswer> {
  const at = contentFile(ctx.contentDir, query.get('file'));
  if (!at.ok) return refusePath(query.get('file'), at);
  const commit = query.get('commit') ?? '';
  const text = await versionText(ctx.contentDir, at.rel, commit);
  if (text === null) return refuse('EditorVersionMissing', { file: at.rel, commit: commit.slice(0, 40) });
  const now = existsSync(at.file) ? readFileSync(at.file, 'utf8') : '';
  let fields: { data: unknown; body: string | null };
  try {
    fields = readEntryText(text, formatOf(at.rel));
  } catch (e) {
    return refuse('EditorEntryUnreadable', { file: `${at.rel} (${commit.slice(0, 12)})`, reason: (e as Error).message });
  }
  return ok({ ...fields, diff: diffHunks(lineDiff(text, now)) });
}
