/** Messages between the build and its worker shards, and errors as data across the thread boundary. */
import { isSiteError, SiteError, type ErrorCode } from '../errors.ts';
import type { PostMeta } from '../content/load.ts';
import type { RenderedPage, RenderJob, SourceFile } from './ShardState.ts';

export type ShardRequest = { id: number; type: 'parse'; sources: SourceFile[] } | { id: number; type: 'render'; job: RenderJob };

export type ShardReply =
  /** A batch of rendered pages, before the final reply of a render request. */
  | { id: number; pages: RenderedPage[] }
  | { id: number; ok: true; result: PostMeta[] | RenderedPage[] }
  | { id: number; ok: false; error: ErrorData };

export type ErrorData = { code: ErrorCode; args: unknown } | { stack: string };

export const errorToData = (e: unknown): ErrorData =>
  isSiteError(e) ? { code: e.code, args: e.args } : { stack: String((e as Error)?.stack ?? e) };

export const errorFromData = (d: ErrorData): Error =>
  'code' in d ? new SiteError(d.code, d.args as never) : Object.assign(new Error(d.stack.split('\n')[0]), { stack: d.stack });
