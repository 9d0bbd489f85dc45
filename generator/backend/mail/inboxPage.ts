import { escapeHtml } from './renderMailTemplate.ts';
import { htmlLinks } from './htmlToText.ts';
import type { StoredMail } from './mailbox.ts';

const address = (a: { Name: string; Address: string }) => (a.Name ? `${a.Name} <${a.Address}>` : a.Address);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body>
${body}
</body>
</html>
`;
}

/** Pure: the inbox's front page: every mail, newest first, plain HTML (no script, no style). */
export function inboxListPage(mails: StoredMail[]): string {
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${escapeHtml(new Date(m.created).toLocaleString('en-GB', { timeZone: 'UTC' }))} UTC</td><td>${escapeHtml(m.to.map(address).join(', '))}</td>` +
        `<td><a href="/view/${encodeURIComponent(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a>${m.read ? '' : ' (new)'}</td></tr>`,
    )
    .join('\n');
  return page(
    `Inbox (${mails.length})`,
    `<h1>Inbox</h1>
<p>Mail sent by the local auth server (sign-up confirmations, sign-in links and codes, password resets, email changes). Nothing leaves this machine. Reload the page for new mail.</p>
${mails.length === 0 ? '<p>No mail yet.</p>' : `<table>\n<thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead>\n<tbody>\n${rows}\n</tbody>\n</table>`}
<p>JSON API (as Mailpit's): <a href="/api/v1/messages">/api/v1/messages</a></p>`,
  );
}

/** Pure: one mail: its headers, its links and its text, every part escaped. */
export function inboxMailPage(mail: StoredMail): string {
  const links = htmlLinks(mail.html);
  return page(
    mail.subject || '(no subject)',
    `<p><a href="/">Back to the inbox</a></p>
<h1>${escapeHtml(mail.subject || '(no subject)')}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(address(mail.from))}</dd>
<dt>To</dt><dd>${escapeHtml(mail.to.map(address).join(', '))}</dd>
<dt>Received</dt><dd>${escapeHtml(mail.created)}</dd>
</dl>
${links.length ? `<h2>Links</h2>\n<ul>\n${links.map((l) => `<li><a href="${escapeHtml(safeHref(l))}">${escapeHtml(l)}</a></li>`).join('\n')}\n</ul>` : ''}
<h2>Text</h2>
<pre>${escapeHtml(mail.text)}</pre>
<p><a href="/view/${encodeURIComponent(mail.id)}.html">The mail as HTML</a> (shown sandboxed, without scripts)</p>`,
  );
}

/** Only http(s) and mailto links are made clickable; anything else (javascript:, data:) is shown, not linked. */
function safeHref(link: string): string {
  return /^(https?:|mailto:)/i.test(link.trim()) ? link.trim() : '#';
}
