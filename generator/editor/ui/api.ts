/** The editor's API, relative to its page (whose path carries the token). */
import type { WireError } from '../../dev/workerProtocol.ts';

/** A refusal: the error, and what else the answer carries (every invalid field, the file on disk, the field it concerns). */
export type Refusal = { ok: false; status: number; error: WireError; json: Record<string, unknown> };
export type Answer<T> = { ok: true; status: number; value: T } | Refusal;

export async function call<T>(method: string, route: string, body?: unknown, query: Record<string, string> = {}): Promise<Answer<T>> {
  const qs = new URLSearchParams(query).toString();
  const init: RequestInit = { method, headers: {} };
  if (body instanceof Blob) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(`api/${route}${qs ? `?${qs}` : ''}`, init);
  } catch {
    const error = { code: 'Offline', title: 'No answer', message: 'site dev did not answer: is it still running?', hint: 'Start it again; your edits are still in the form.' };
    return { ok: false, status: 0, error, json: {} };
  }
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown> & { error?: WireError };
  if (res.ok) return { ok: true, status: res.status, value: json as T };
  return { ok: false, status: res.status, error: json.error ?? { code: 'Http', title: 'Refused', message: `The server answered ${res.status}.`, hint: '' }, json };
}
