import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_TEMPLATES } from '../../../../generator/backend/mail/defaultMailTemplates.ts';
import { htmlLinks, htmlToText } from '../../../../generator/backend/mail/htmlToText.ts';
import { inboxListPage, inboxMailPage } from '../../../../generator/backend/mail/inboxPage.ts';
import type { StoredMail } from '../../../../generator/backend/mail/mailbox.ts';
import { mailpitList, searchMails } from '../../../../generator/backend/mail/mailpitJson.ts';
import { renderMailTemplate } from '../../../../generator/backend/mail/renderMailTemplate.ts';
import { supabaseConfigFromText } from '../../../../generator/backend/readSupabaseConfig.ts';

const data = { SiteURL: 'http://127.0.0.1:4321', Email: 'a@example.com', Data: { name: 'Ada', role: '<b>' } };

describe('renderMailTemplate', () => {
  it('fills GoTrue\'s fields and .Data keys, HTML-escaped as html/template does', () => {
    const { text, unsupported } = renderMailTemplate(
      '<a href="{{ .ConfirmationURL }}">{{.Email}}</a> {{ .Token }} {{- .Data.name -}} {{ .Data.role }} {{ .NewEmail }}|{{ .Data.missing }}|',
      { ...data, ConfirmationURL: 'http://x/verify?token=1&type=signup&redirect_to=http://y', Token: '123456' },
    );
    expect(text).toBe('<a href="http://x/verify?token=1&amp;type=signup&amp;redirect_to=http://y">a@example.com</a> 123456 Ada &lt;b&gt; ||');
    expect(unsupported).toEqual([]);
  });

  it('leaves out and reports what it does not understand ({{ if }}, pipelines)', () => {
    const { text, unsupported } = renderMailTemplate('{{ if eq .Email "x" }}X{{ end }}!', data);
    expect(text).toBe('X!');
    expect(unsupported).toEqual(['{{ if eq .Email "x" }}', '{{ end }}']);
  });

  it('renders every GoTrue default with the values in place', () => {
    const subject = renderMailTemplate(DEFAULT_MAIL_TEMPLATES.reauthentication.subject, { ...data, Token: '042424' });
    expect(subject.text).toBe('042424 is your verification code');
    const body = renderMailTemplate(DEFAULT_MAIL_TEMPLATES.email_change.body, { ...data, NewEmail: 'b@example.com', ConfirmationURL: 'http://x' });
    expect(body.text).toContain('<p>Follow the link below to confirm b@example.com as your new email address.</p>');
  });
});

describe('htmlToText and htmlLinks', () => {
  it('turns a mail into the text a client shows: blocks on lines, links with their address, entities decoded', () => {
    expect(htmlToText('<h2>Hi &amp; welcome</h2>\n\n<p>Go <a href="http://x/?a=1&amp;b=2">here</a></p><p>&#39;ok&#39;<br>next</p><style>p{}</style>')).toBe(
      "Hi & welcome\n\nGo here ( http://x/?a=1&b=2 )\n'ok'\nnext",
    );
    expect(htmlLinks('<a href="http://x/?a=1&amp;b=2">x</a> <a class="c" href=\'mailto:y@z\'>y</a>')).toEqual(['http://x/?a=1&b=2', 'mailto:y@z']);
  });
});

const mail = (over: Partial<StoredMail>): StoredMail => ({
  id: 'id1',
  messageId: 'id1@site.local',
  from: { Name: 'Admin', Address: 'admin@email.com' },
  to: [{ Name: '', Address: 'a@example.com' }],
  subject: 'Your sign-in link',
  html: '<p><a href="http://127.0.0.1:54321/auth/v1/verify?token=t&amp;type=magiclink">Sign in</a></p>',
  text: 'Sign in ( http://127.0.0.1:54321/auth/v1/verify?token=t&type=magiclink )',
  created: '2026-01-02T03:04:05.000Z',
  read: false,
  type: 'magiclink',
  ...over,
});

describe('the inbox pages', () => {
  it('escape everything a mail carries and link only http(s) and mailto addresses', () => {
    const hostile = mail({
      subject: '<script>alert(1)</script>',
      to: [{ Name: '"><img src=x onerror=alert(1)>', Address: 'a@example.com' }],
      html: '<a href="javascript:alert(1)">x</a><a href="http://ok/?a=1&amp;b=&quot;2">ok</a>',
      text: '<b>text</b>',
    });
    const list = inboxListPage([hostile]);
    const view = inboxMailPage(hostile);
    for (const page of [list, view]) {
      expect(page).not.toMatch(/<script|<img|<style|<[^>]*\s(style|on[a-z]+)=/i);
      expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
    expect(view).toContain('<li><a href="#">javascript:alert(1)</a></li>');
    expect(view).toContain('<li><a href="http://ok/?a=1&amp;b=&#34;2">http://ok/?a=1&amp;b=&#34;2</a></li>');
    expect(view).toContain('<pre>&lt;b&gt;text&lt;/b&gt;</pre>');
    expect(inboxListPage([])).toContain('<p>No mail yet.</p>');
  });
});

describe('Mailpit list and search', () => {
  it('pages with start and limit, counts unread, matches to:, from:, subject: and words', () => {
    const a = mail({ id: 'a' });
    const b = mail({ id: 'b', to: [{ Name: '', Address: 'b@example.com' }], subject: 'Reset your password', read: true });
    const list = mailpitList([a, b], [a, b], 1, 1);
    expect(list).toMatchObject({ total: 2, unread: 1, count: 1, messages_count: 2, messages_unread: 1, start: 1 });
    expect((list.messages as { ID: string }[]).map((m) => m.ID)).toEqual(['b']);
    expect(searchMails([a, b], 'to:"b@example.com"').map((m) => m.id)).toEqual(['b']);
    expect(searchMails([a, b], 'subject:reset').map((m) => m.id)).toEqual(['b']);
    expect(searchMails([a, b], 'from:admin sign-in').map((m) => m.id)).toEqual(['a']);
  });
});

describe('config.toml mail settings', () => {
  it('reads [inbucket], otp settings and templates (content_path against the project folder, as the CLI)', () => {
    const config = supabaseConfigFromText(
      `[inbucket]\nport = 55555\nsender_name = "Decksmith"\n[auth.email]\notp_length = 8\notp_expiry = 600\nsecure_password_change = true\ndouble_confirm_changes = false\n` +
        `[auth.email.template.magic_link]\nsubject = "Sign in"\ncontent_path = "./supabase/templates/magic.html"\n`,
      {},
      '/p',
    );
    expect(config.inbucket).toEqual({ enabled: true, port: 55555, adminEmail: 'admin@email.com', senderName: 'Decksmith' });
    expect(config.auth.email).toMatchObject({ otpLength: 8, otpExpiry: 600, securePasswordChange: true, doubleConfirmChanges: false });
    expect(config.auth.email.templates.magic_link).toEqual({ subject: 'Sign in', contentPath: '/p/supabase/templates/magic.html' });
    expect(config.auth.email.templates.recovery).toEqual({});
    expect(supabaseConfigFromText('').auth.email).toMatchObject({ otpLength: 6, otpExpiry: 3600, securePasswordChange: false, doubleConfirmChanges: true });
  });
});
