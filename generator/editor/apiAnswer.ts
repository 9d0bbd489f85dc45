/**
 * What the editor's API answers: JSON with a status, or a file's bytes. A refusal is a SiteError of the
 * editor's (core/editorErrors.ts) sent as the build's errors travel (WireError), with the 4xx status its
 * code stands for. Pure.
 */
import { SiteError, type ErrorCode } from '../core/errors.ts';
import type { WireError } from '../dev/workerProtocol.ts';

/** JSON, or (`raw`) a file's bytes with their type. */
export type ApiAnswer = { status: number; json: unknown; raw?: { type: string; body: Buffer } };

const STATUS: Partial<Record<ErrorCode, number>> = {
  EditorRequestInvalid: 400,
  EditorNotAList: 400,
  EditorEntryMissing: 404,
  EditorVersionMissing: 404,
  EditorRequestUnknown: 404,
  EditorEntryChanged: 409,
  EditorEntryExists: 409,
  EditorImageInUse: 409,
  EditorNotARepository: 409,
  EditorImageSize: 413,
  EditorImageUnreadable: 415,
  EditorImageSvg: 415,
};

export const wireOf = (e: SiteError): WireError => ({
  code: e.code,
  title: e.title,
  message: e.message,
  hint: e.hint,
  ...(e.location.file ? { file: e.location.file } : {}),
  ...(e.location.line ? { line: e.location.line } : {}),
  ...(e.location.field ? { field: e.location.field } : {}),
});

/** An error as the API answers it: its status (422 unless the table above says otherwise), and what else the browser needs. */
export const answerError = (e: SiteError, extra: object = {}, status?: number): ApiAnswer => ({ status: status ?? STATUS[e.code] ?? 422, json: { error: wireOf(e), ...extra } });

/** A refusal made from its code and arguments. */
export const refuse = <C extends ErrorCode>(code: C, args: ConstructorParameters<typeof SiteError<C>>[1], extra: object = {}, status?: number): ApiAnswer =>
  answerError(new SiteError(code, args), extra, status);

/** A refusal for a path contentFile() would not resolve (400: not a plain relative path, 403: leads outside). */
export const refusePath = (rel: unknown, at: { status: 400 | 403; reason: string }): ApiAnswer =>
  refuse('EditorPathRefused', { path: typeof rel === 'string' ? rel.slice(0, 200) : '', reason: at.reason }, {}, at.status);

export const ok = (json: unknown, status = 200): ApiAnswer => ({ status, json });
