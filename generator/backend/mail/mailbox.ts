import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { htmlToText } from './htmlToText.ts';

export interface MailAddress {
  Name: string;
  Address: string;
}

/** One delivered mail, as the inbox keeps it. */
export interface StoredMail {
  id: string;
  messageId: string;
  from: MailAddress;
  to: MailAddress[];
  subject: string;
  html: string;
  text: string;
  /** ISO time of delivery. */
  created: string;
  read: boolean;
  /** GoTrue's message type (signup, magiclink, recovery, email_change, reauthenticate, invite). */
  type: string;
}

export interface Mailbox {
  deliver(mail: { from: MailAddress; to: MailAddress[]; subject: string; html: string; type: string }): StoredMail;
  /** Newest first. */
  list(): StoredMail[];
  get(id: string): StoredMail | undefined;
  markRead(id: string): void;
  /** Deletes the given mails, or all of them. Returns how many went. */
  remove(ids?: string[]): number;
}

/** Mails kept at most; the oldest go first. */
export const MAILBOX_LIMIT = 1000;
const FILE = 'mail.json';

/**
 * The local inbox: every mail the auth server sends ends here, in memory,
 * and in `<dataDir>/mail.json` (0600, like the rest of the data dir) when
 * there is a data dir, so the mail outlives a restart as the users do.
 */
export function createMailbox(dataDir: string | null): Mailbox {
  const file = dataDir ? path.join(dataDir, FILE) : null;
  let mails: StoredMail[] = file ? load(file) : [];

  function save(): void {
    if (!file) return;
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(tmp, JSON.stringify(mails), { mode: 0o600, flag: 'wx' });
    renameSync(tmp, file);
  }

  return {
    deliver({ from, to, subject, html, type }) {
      const id = randomBytes(16).toString('base64url').slice(0, 22);
      const mail: StoredMail = {
        id,
        messageId: `${id}@site.local`,
        from,
        to,
        subject,
        html,
        text: htmlToText(html),
        created: new Date().toISOString(),
        read: false,
        type,
      };
      mails = [mail, ...mails].slice(0, MAILBOX_LIMIT);
      save();
      return mail;
    },
    list: () => mails,
    get: (id) => (id === 'latest' ? mails[0] : mails.find((m) => m.id === id)),
    markRead(id) {
      const mail = mails.find((m) => m.id === id);
      if (mail && !mail.read) {
        mail.read = true;
        save();
      }
    },
    remove(ids) {
      const before = mails.length;
      mails = ids ? mails.filter((m) => !ids.includes(m.id)) : [];
      if (mails.length !== before) save();
      return before - mails.length;
    },
  };
}

function load(file: string): StoredMail[] {
  if (!existsSync(file)) return [];
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(parsed) ? (parsed as StoredMail[]) : [];
  } catch {
    // A damaged mail file loses the old mail, nothing else.
    return [];
  }
}
