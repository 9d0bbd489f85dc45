/**
 * widgets/lib/mailtoHref.ts: a mailto: link only for one plain mailbox, so a
 * stored address cannot add recipients, a subject or a body to a reply.
 */
import { describe, expect, it } from 'vitest';
import { mailtoHref } from '../../../../../widgets/lib/mailtoHref.ts';

describe('mailtoHref', () => {
  it('links plain addresses, percent-encoding the local part', () => {
    expect(mailtoHref('ada@example.com')).toBe('mailto:ada@example.com');
    expect(mailtoHref('first.last@mail.example.co.uk')).toBe('mailto:first.last@mail.example.co.uk');
    expect(mailtoHref('sales+eu@example-corp.com')).toBe('mailto:sales%2Beu@example-corp.com');
    expect(mailtoHref("o'brien&co@example.com")).toBe("mailto:o'brien%26co@example.com");
  });

  it.each([
    ['a Bcc smuggled after ?', 'sales@victim.co?bcc=attacker%40evil.example'],
    ['headers after ? without an encoded @', 'sales@victim.co?cc=x@evil.example'],
    ['a subject and body', 'a@b.co?subject=hi&body=click'],
    ['a fragment', 'a@b.co#x'],
    ['a slash', 'a/b@example.com'],
    ['a percent sign', 'a%40b@example.com'],
    ['a space', 'a b@example.com'],
    ['a trailing newline', 'a@example.com\n'],
    ['two @', 'a@b@example.com'],
    ['no @', 'example.com'],
    ['no dot in the domain', 'a@localhost'],
    ['an empty local part', '@example.com'],
    ['a leading dot', '.a@example.com'],
    ['two dots in a row', 'a..b@example.com'],
    ['a domain label ending in a hyphen', 'a@ex-.com'],
    ['a non-ASCII domain', 'a@exämple.com'],
    ['a colon (another scheme inside)', 'javascript:a@example.com'],
    ['too long', `${'a'.repeat(64)}@${'b'.repeat(190)}.com`],
  ])('gives no link for %s', (_, address) => {
    expect(mailtoHref(address)).toBeNull();
  });
});
