/**
 * The editor as `site dev` serves it, under `/__site/editor/<token>/`: its page, script and stylesheets,
 * and its API. Every request is checked first (editorAccess.ts): this machine, this server, this token,
 * no other origin. The page's CSP allows only the editor's own files; no CORS header is ever sent.
 */
import type http from 'node:http';
import { editorAccess, EDITOR_PREFIX } from './editorAccess.ts';
import { editorApi, type EditorContext } from './editorApi.ts';
import { editorScript, editorStyles } from './editorAssets.ts';
import { editorPage } from './editorPage.ts';
import { readBody } from './readBody.ts';

export const EDITOR_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; frame-src 'self'";
const LIMIT = 25 * 1024 * 1024;

const headers = (type: string) => ({
  'content-type': type,
  'cache-control': 'no-store',
  'content-security-policy': EDITOR_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
});

export function editorHandler(ctx: EditorContext, token: string) {
  const base = `${EDITOR_PREFIX}${token}/`;
  return async (req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> => {
    const access = editorAccess(
      { pathname: url.pathname, host: req.headers.host, origin: req.headers.origin, secFetchSite: req.headers['sec-fetch-site'] as string | undefined },
      token,
      req.socket.localPort ?? 0,
    );
    const send = (status: number, type: string, body: string) => void res.writeHead(status, headers(type)).end(body);
    if (!access.ok) return send(access.status, 'text/plain; charset=utf-8', access.status === 404 ? 'Not found' : 'Forbidden');
    const { rest } = access;
    if (req.method === 'GET' && rest === '') return send(200, 'text/html; charset=utf-8', editorPage(base));
    if (req.method === 'GET' && rest === 'editor.js') return send(200, 'text/javascript; charset=utf-8', await editorScript());
    if (req.method === 'GET' && (rest === 'editor.css' || rest === 'link.css')) return send(200, 'text/css; charset=utf-8', await editorStyles());
    if (!rest.startsWith('api/')) return send(404, 'text/plain; charset=utf-8', 'Not found');
    const body = req.method === 'GET' || req.method === 'HEAD' ? Buffer.alloc(0) : await readBody(req, LIMIT);
    if (!body) return send(413, 'application/json', JSON.stringify({ error: { message: 'too large' } }));
    const answer = await editorApi(ctx, { method: req.method ?? 'GET', route: rest.slice(4), query: url.searchParams, body }).catch((e: unknown) => ({
      status: 500,
      json: { error: { code: 'Internal', title: 'Unexpected error', message: String((e as Error)?.message ?? e), hint: '' } },
    }));
    if ('raw' in answer && answer.raw) return void res.writeHead(answer.status, headers(answer.raw.type)).end(answer.raw.body);
    send(answer.status, 'application/json', JSON.stringify(answer.json));
  };
}
