/**
 * Who may use the editor: only this machine's browser, on this server, with this start's token. The
 * editor writes files, so a page of another origin (a form post, a fetch, a DNS name rebound to
 * 127.0.0.1) must never reach it. Pure.
 */
import { timingSafeEqual } from 'node:crypto';

/** Every editor URL starts with this, then the token. */
export const EDITOR_PREFIX = '/__site/editor/';

export interface EditorRequest {
  pathname: string;
  host?: string;
  origin?: string;
  secFetchSite?: string;
}

/** `rest`: the path after the token ("" for the editor's page, "api/entry", "editor.js"...). */
export type Access = { ok: true; rest: string } | { ok: false; status: 403 | 404; reason: string };

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The Hosts that name this server on this machine: the editor answers them only, and `site dev` links to it only on pages they ask for. */
const editorHosts = (port: number) => [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];

export const isEditorHost = (host: string | undefined, port: number): boolean => host !== undefined && editorHosts(port).includes(host.toLowerCase());

export function editorAccess(req: EditorRequest, token: string, port: number): Access {
  const hosts = editorHosts(port);
  if (!isEditorHost(req.host, port)) return { ok: false, status: 403, reason: 'the Host is not this server' };
  if (req.origin !== undefined && !hosts.some((h) => req.origin!.toLowerCase() === `http://${h}`)) return { ok: false, status: 403, reason: 'another origin' };
  // same-site would let another port of this machine in: only the editor's own pages, or a typed URL.
  if (req.secFetchSite !== undefined && req.secFetchSite !== 'same-origin' && req.secFetchSite !== 'none') return { ok: false, status: 403, reason: 'a cross-site request' };
  const after = req.pathname.slice(EDITOR_PREFIX.length);
  const slash = after.indexOf('/');
  if (!req.pathname.startsWith(EDITOR_PREFIX) || slash < 0 || !sameText(after.slice(0, slash), token)) return { ok: false, status: 404, reason: 'no such page' };
  return { ok: true, rest: after.slice(slash + 1) };
}
