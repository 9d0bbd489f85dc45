/** Messages between the build and its worker shards, and errors as data across the thread boundary. */
import { isSiteError, SiteError, type ErrorCode } from '../core/errors.ts';
import type { Parsed, RenderedPage, RenderJob, SourceFile } from './ShardState.ts';

/**
 * parse: some list entries' front matter; ahead: nothing more to parse, render the markdown of those read
 * while waiting for the job; open: get ready to render a job's pages; render: some of them; finish: the
 * build is done, keep what is worth keeping for the next (shiki's translated regular expressions).
 */
export type ShardRequest =
  | { id: number; type: 'parse'; contentDir: string; collection: string; sources: SourceFile[] }
  | { id: number; type: 'ahead' }
  | { id: number; type: 'open'; job: RenderJob }
  | { id: number; type: 'render'; paths: string[] }
  | { id: number; type: 'finish' };

export type ShardReply = { id: number; ok: true; result: Parsed | RenderedPage[] | null } | { id: number; ok: false; error: ErrorData };

export type ErrorData = { code: ErrorCode; args: unknown } | { stack: string };

export const errorToData = (e: unknown): ErrorData =>
  isSiteError(e) ? { code: e.code, args: e.args } : { stack: String((e as Error)?.stack ?? e) };

export const errorFromData = (d: ErrorData): Error =>
  'code' in d ? new SiteError(d.code, d.args as never) : Object.assign(new Error(d.stack.split('\n')[0]), { stack: d.stack });
