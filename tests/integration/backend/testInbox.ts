/** Reads the backend's inbox over HTTP, through Mailpit's JSON API, as a test of a Supabase project would. */
import { expect } from 'vitest';

export interface InboxSummary {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: { Name: string; Address: string };
  To: { Name: string; Address: string }[];
  Subject: string;
  Created: string;
  Snippet: string;
}

export interface InboxMessage {
  ID: string;
  From: { Name: string; Address: string };
  To: { Name: string; Address: string }[];
  Subject: string;
  Date: string;
  Text: string;
  HTML: string;
}

/** The mails to `address`, newest first. */
export async function mailsTo(inboxUrl: string, address: string): Promise<InboxSummary[]> {
  const response = await fetch(`${inboxUrl}/api/v1/messages?limit=1000`);
  expect(response.status).toBe(200);
  const list = (await response.json()) as { messages: InboxSummary[] };
  return list.messages.filter((m) => m.To.some((to) => to.Address === address));
}

/** The newest mail to `address` (waits briefly for it), in full. */
export async function latestMailTo(inboxUrl: string, address: string, count = 1): Promise<InboxMessage> {
  let found: InboxSummary[] = [];
  await expect.poll(async () => (found = await mailsTo(inboxUrl, address)).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(count);
  const response = await fetch(`${inboxUrl}/api/v1/message/${found[0].ID}`);
  expect(response.status).toBe(200);
  return (await response.json()) as InboxMessage;
}

/** The verify link of a mail (its first link to /auth/v1/verify), entities decoded. */
export function linkIn(mail: InboxMessage): string {
  const match = /href="([^"]*\/auth\/v1\/verify\?[^"]*)"/.exec(mail.HTML);
  if (!match) throw new Error(`no verify link in ${mail.HTML}`);
  return match[1].replace(/&amp;/g, '&').replace(/&#43;/g, '+');
}

/** The code of a mail: after "Code: " in its text (the test templates), else the digits opening its subject (GoTrue's reauthentication subject). */
export function codeIn(mail: InboxMessage): string {
  const match = /Code: (\d+)/.exec(mail.Text) ?? /^(\d+) /.exec(mail.Subject);
  if (!match) throw new Error(`no code in ${mail.Subject}: ${mail.Text}`);
  return match[1];
}

/** Follows a mailed link as a browser would (no redirect), returning where it sends the user and the fragment's fields. */
export async function openLink(link: string): Promise<{ status: number; location: URL; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = new URL(response.headers.get('location') ?? 'about:blank');
  return { status: response.status, location, fragment: new URLSearchParams(location.hash.slice(1)) };
}
