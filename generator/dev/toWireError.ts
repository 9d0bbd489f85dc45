/** Any error flattened for postMessage, the terminal and the browser overlay (same texts as the CLI). */
import { isSiteError } from '../core/errors.ts';
import { mapStack } from '../core/mapStack.ts';
import type { WireError } from './workerProtocol.ts';

export function toWireError(e: unknown): WireError {
  // An error that already crossed from the worker (RenderWorker's WorkerFailed) carries its wire form.
  if (e && typeof e === 'object' && 'wire' in e) return (e as { wire: WireError }).wire;
  if (isSiteError(e)) {
    return { code: e.code, title: e.title, message: e.message, hint: e.hint, file: e.location.file, line: e.location.line, field: e.location.field };
  }
  return {
    code: 'Internal',
    title: 'Unexpected error',
    // The stack as the source has it, not as the bundle the dev worker runs has it.
    message: typeof (e as Error)?.stack === 'string' ? mapStack((e as Error).stack!) : String(e),
    hint: 'This is a bug in a template or the generator; the stack above says where.',
  };
}
