import { inboxListPage, inboxMailPage } from './inboxPage.ts';
import type { Mailbox } from './mailbox.ts';
import { mailpitList, mailpitMessage, searchMails } from './mailpitJson.ts';

/** Pages may load nothing, run nothing, be framed by nothing and post nowhere. */
const PAGE_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/** A mail's own HTML is shown sandboxed: no script, no form, no request of its own. */
const MAIL_CSP = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'none'";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
const text = (status: number, body: string) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
const html = (body: string, csp = PAGE_CSP) =>
  new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' },
  });

/**
 * The inbox as Request -> Response: the parts of Mailpit's API the Supabase
 * CLI and tests use (GET /api/v1/messages, GET /api/v1/search?query=,
 * GET /api/v1/message/{ID|latest}, DELETE /api/v1/messages, optionally
 * with {"IDs": [...]}) and plain HTML pages at / and /view/{ID}.
 */
export function inboxApp(mailbox: Mailbox): (request: Request) => Promise<Response> {
  return async function inbox(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const { pathname } = url;
    const method = request.method;
    const number = (name: string, fallback: number) => {
      const n = Number(url.searchParams.get(name) ?? fallback);
      return Number.isInteger(n) && n >= 0 ? n : fallback;
    };
    if (method === 'GET' && (pathname === '/api/v1/messages' || pathname === '/api/v1/search')) {
      const all = mailbox.list();
      const shown = pathname === '/api/v1/search' ? searchMails(all, url.searchParams.get('query') ?? '') : all;
      return json(200, mailpitList(all, shown, number('start', 0), number('limit', 50) || 50));
    }
    if (method === 'DELETE' && pathname === '/api/v1/messages') {
      let ids: string[] | undefined;
      const body = await request.text();
      if (body.trim() !== '') {
        try {
          const parsed = JSON.parse(body) as { IDs?: unknown };
          if (Array.isArray(parsed.IDs) && parsed.IDs.every((id) => typeof id === 'string')) ids = parsed.IDs.length ? parsed.IDs : undefined;
          else if (parsed.IDs !== undefined) return text(400, 'IDs must be a list of message IDs');
        } catch {
          return text(400, 'the body must be JSON: {"IDs": ["..."]}');
        }
      }
      mailbox.remove(ids);
      return text(200, 'ok');
    }
    const message = /^\/api\/v1\/message\/([^/]+)$/.exec(pathname);
    if (method === 'GET' && message) {
      const mail = mailbox.get(decodeURIComponent(message[1]));
      if (!mail) return text(404, 'message not found');
      mailbox.markRead(mail.id);
      return json(200, mailpitMessage(mail));
    }
    if (method === 'GET' && pathname === '/') return html(inboxListPage(mailbox.list()));
    const view = /^\/view\/([^/]+?)(\.html)?$/.exec(pathname);
    if (method === 'GET' && view) {
      const mail = mailbox.get(decodeURIComponent(view[1]));
      if (!mail) return text(404, 'message not found');
      mailbox.markRead(mail.id);
      return view[2] ? html(mail.html, MAIL_CSP) : html(inboxMailPage(mail));
    }
    return text(404, 'not found');
  };
}
