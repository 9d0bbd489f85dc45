import type { StoredMail } from './mailbox.ts';

/** Pure: a mail as Mailpit's message summary (GET /api/v1/messages). */
export function mailpitSummary(mail: StoredMail): Record<string, unknown> {
  return {
    ID: mail.id,
    MessageID: mail.messageId,
    Read: mail.read,
    From: mail.from,
    To: mail.to,
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: mail.subject,
    Created: mail.created,
    Username: '',
    Tags: [],
    Size: Buffer.byteLength(mail.html, 'utf8'),
    Attachments: 0,
    Snippet: mail.text.replace(/\s+/g, ' ').trim().slice(0, 250),
  };
}

/** Pure: a page of mails as Mailpit's list (`start` and `limit` as its query parameters). */
export function mailpitList(all: StoredMail[], shown: StoredMail[], start: number, limit: number): Record<string, unknown> {
  const page = shown.slice(start, start + limit);
  return {
    total: all.length,
    unread: all.filter((m) => !m.read).length,
    count: page.length,
    messages_count: shown.length,
    messages_unread: shown.filter((m) => !m.read).length,
    start,
    tags: [],
    messages: page.map(mailpitSummary),
  };
}

/** Pure: a mail as Mailpit's message (GET /api/v1/message/{ID}). */
export function mailpitMessage(mail: StoredMail): Record<string, unknown> {
  return {
    ID: mail.id,
    MessageID: mail.messageId,
    From: mail.from,
    To: mail.to,
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    ReturnPath: mail.from.Address,
    Subject: mail.subject,
    ListUnsubscribe: { Header: '', Links: [], Errors: '', HeaderPost: '' },
    Date: mail.created,
    Tags: [],
    Username: '',
    Text: mail.text,
    HTML: mail.html,
    Size: Buffer.byteLength(mail.html, 'utf8'),
    Inline: [],
    Attachments: [],
  };
}

/**
 * Pure: the mails a Mailpit search matches: every term must match;
 * `to:`, `from:` and `subject:` look at that field, other words at the
 * subject, the addresses and the text. Case-insensitive; quotes are dropped.
 */
export function searchMails(mails: StoredMail[], query: string): StoredMail[] {
  const terms = (query.match(/\S+:"[^"]*"|"[^"]*"|\S+/g) ?? []).map((t) => t.replace(/"/g, '').toLowerCase());
  return mails.filter((mail) =>
    terms.every((term) => {
      const [field, value] = term.includes(':') ? [term.slice(0, term.indexOf(':')), term.slice(term.indexOf(':') + 1)] : ['', term];
      const to = mail.to.map((a) => `${a.Name} ${a.Address}`).join(' ').toLowerCase();
      const from = `${mail.from.Name} ${mail.from.Address}`.toLowerCase();
      if (field === 'to') return to.includes(value);
      if (field === 'from') return from.includes(value);
      if (field === 'subject') return mail.subject.toLowerCase().includes(value);
      return [mail.subject, mail.text, to, from].some((s) => s.toLowerCase().includes(term));
    }),
  );
}
