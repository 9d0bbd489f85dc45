/**
 * Values the forms (widgets/lib/forms.ts) and the database CHECKs
 * (supabase/migrations) must judge alike. Shared by the unit test that runs
 * them through zod and PGlite and the integration test that sends them
 * through supabase-js.
 */

/** A valid address exactly `n` characters long. */
export const emailOf = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;

/** Addresses both accept. */
export const GOOD_EMAILS: string[] = [
  'ann@example.com',
  'a@b.co',
  'ANN@EXAMPLE.COM',
  'first.last@example.co.uk',
  "o'brien@example.ie",
  'ann+newsletter@example.com',
  'ann_underscore@example.com',
  '-leading-dash@example.com',
  'a-b@sub-domain.example.org',
  '1234567890@numbers.example',
  'x@xn--bcher-kva.ch',
  'a@b-.co',
  emailOf(255),
];

/** Addresses both refuse. */
export const BAD_EMAILS: string[] = [
  '',
  'plainaddress',
  'sales@victim.co?bcc=attacker%40evil.example',
  'a@example.com?subject=hi',
  'a?b@example.com',
  'a/b@example.com',
  'a@example.com/path',
  'a#b@example.com',
  'a@example.com#top',
  'a%40b@example.com',
  'a&b@example.com',
  'a=b@example.com',
  'a,b@example.com',
  'a<b>@example.com',
  '"quoted"@example.com',
  'mailto:a@example.com',
  'two@@example.com',
  'a@b@example.com',
  'a@localhost',
  'a@example.c',
  'a@example.123',
  'a@127.0.0.1',
  'a@[127.0.0.1]',
  'a b@example.com',
  'a@exa mple.com',
  '.a@example.com',
  'a.@example.com',
  'a..b@example.com',
  'a@.example.com',
  'a@example..com',
  'a@example.com.',
  'a@-example.com',
  'a@ex_ample.com',
  'ünïcode@example.com',
  'a@bücher.de',
  'a@例え.jp',
  '\u0430@example.com', // Cyrillic a
  'a\uFF20example.com', // fullwidth @
  '\uFB01@example.com', // the "fi" ligature
  'a\u200B@example.com',
  'a@example.com\u200B',
  emailOf(256),
];

/** Texts that show nothing: the forms call them empty, the database refuses them. */
export const BLANK_TEXTS: string[] = [
  '',
  ' ',
  '\t\n\r\v\f ',
  '\u00A0',
  '\u200B',
  '\uFEFF',
  '\u00A0\u200B\uFEFF',
  '\u0085',
  '\u1680',
  '\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A',
  '\u2028\u2029',
  '\u202F\u205F\u3000',
  '\u200C\u200D',
  '\u200E\u200F',
  '\u202A\u202B\u202C\u202D\u202E',
  '\u2060',
  '\u2066\u2067\u2068\u2069',
  '\u00AD',
  '\u034F',
  '\u061C',
  '\u180E',
  '\u115F\u1160\u3164\uFFA0',
  '\uFE0F',
  '\u{E0041}\u{E007F}',
  '\u{1D173}',
  ' \u200B \u00A0 \uFEFF ',
];

/** Texts that show something, however little: both accept them. */
export const VISIBLE_TEXTS: string[] = [
  'A',
  ' Ann ',
  '\u200BAnn',
  '\u00A0x\u00A0',
  'Zoë',
  '李雷',
  'ﷺ',
  '🙂',
  '❤\uFE0F',
  '👩\u200D💻',
  '.',
  '_',
  '\u0301',
  'x'.repeat(100),
];
