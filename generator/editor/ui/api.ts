/** The editor's API, relative to its page (whose path carries the token). */
import type { WireError } from '../../dev/workerProtocol.ts';

export type Answer<T> = { ok: true; status: number; value: T } | { ok: false; status: number; error: WireError; version?: string };

export async function call<T>(method: string, route: string, body?: unknown, query: Record<string, string> = {}): Promise<Answer<T>> {
  const qs = new URLSearchParams(query).toString();
  const init: RequestInit = { method, headers: {} };
  if (body instanceof Blob) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await fetch(`api/${route}${qs ? `?${qs}` : ''}`, init);
  const json = (await res.json().catch(() => ({}))) as { error?: WireError; version?: string };
  if (res.ok) return { ok: true, status: res.status, value: json as T };
  return { ok: false, status: res.status, error: json.error ?? { code: 'Http', title: 'Refused', message: `HTTP ${res.status}`, hint: '' }, ...(json.version ? { version: json.version } : {}) };
}
