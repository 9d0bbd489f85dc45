/**
 * Form rules of spec section 5, one place, used by the widgets (zod/mini keeps
 * them small in the browser). The database mirrors them with CHECK
 * constraints (supabase/migrations), so it rejects what a client should have
 * caught; tests/site/unit/widgets/lib/formsMatchDatabase.test.ts runs the same
 * values through both.
 */
import * as z from 'zod/mini';

export const limits = {
  contact: { name: 100, email: 255, company: 200, message: 2000 },
  waitlist: { name: 100, email: 255, favorite_part: 500, desired_features: 1000 },
  passwordMin: 6,
} as const;

/**
 * What an email address may look like: zod's `z.regexes.email` (ASCII letters,
 * digits, `_ ' + -` and inner dots before the @; dot-separated labels and a
 * letters-only top-level domain after it). Nothing a `mailto:` link would read
 * as more than an address: no spaces, `?`, `/`, `#`, `%`, `<`, `,`, second `@`.
 * The email CHECKs in supabase/migrations spell the same pattern for Postgres.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/**
 * Code points that show nothing: Unicode's White_Space (spaces, tabs, line
 * breaks, U+00A0, U+2000-U+200A, U+3000, ...) and Default_Ignorable_Code_Point
 * (U+200B-U+200F, U+2060, U+FEFF, U+00AD, variation selectors, tags, ...) as of
 * Unicode 17. A text made only of these is blank. private.has_visible_character()
 * in supabase/migrations lists the same ranges.
 */
export const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x09, 0x0d], [0x20, 0x20], [0x85, 0x85], [0xa0, 0xa0], [0xad, 0xad], [0x34f, 0x34f], [0x61c, 0x61c],
  [0x115f, 0x1160], [0x1680, 0x1680], [0x17b4, 0x17b5], [0x180b, 0x180f], [0x2000, 0x200f], [0x2028, 0x202f],
  [0x205f, 0x206f], [0x3000, 0x3000], [0x3164, 0x3164], [0xfe00, 0xfe0f], [0xfeff, 0xfeff], [0xffa0, 0xffa0],
  [0xfff0, 0xfff8], [0x1bca0, 0x1bca3], [0x1d173, 0x1d17a], [0xe0000, 0xe0fff],
];
const hex = (cp: number) => `\\u{${cp.toString(16)}}`;
const VISIBLE = new RegExp(`[^${INVISIBLE_RANGES.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('')}]`, 'u');

/** Does the text show anything? False for '', spaces, U+00A0, U+200B, U+FEFF and the like only. */
export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE.test(text);
}

/** Trims like String.prototype.trim, then empties a text that shows nothing (the database refuses it as blank). */
const trimBlank = () => [z.trim(), z.overwrite((text: string) => (hasVisibleCharacter(text) ? text : ''))] as const;

const required = (message: string, max: number, tooLong: string) =>
  z.string().check(...trimBlank(), z.minLength(1, message), z.maxLength(max, tooLong));
const email = (max: number) =>
  z.string().check(
    z.trim(),
    z.regex(EMAIL_PATTERN, 'Invalid email address'),
    z.maxLength(max, `Email must be less than ${max} characters`),
  );

export const contactSchema = z.object({
  name: required('Name is required', limits.contact.name, 'Name must be less than 100 characters'),
  email: email(limits.contact.email),
  company: z.string().check(...trimBlank(), z.maxLength(limits.contact.company, 'Company name must be less than 200 characters')),
  message: required('Message is required', limits.contact.message, 'Message must be less than 2000 characters'),
});
export type ContactValues = z.infer<typeof contactSchema>;

export const waitlistSchema = z.object({
  name: required('Name is required', limits.waitlist.name, 'Name must be less than 100 characters'),
  email: email(limits.waitlist.email),
  favorite_part: required('Please tell us your favorite part', limits.waitlist.favorite_part, 'Favorite part must be less than 500 characters'),
  desired_features: required(
    "Please share what features you'd like",
    limits.waitlist.desired_features,
    'Desired features must be less than 1000 characters',
  ),
  willing_to_give_feedback: z.boolean(),
});
export type WaitlistValues = z.infer<typeof waitlistSchema>;

export const authSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Email is required'), z.regex(EMAIL_PATTERN, 'Invalid email address')),
  password: z.string().check(z.minLength(limits.passwordMin, 'Password must be at least 6 characters')),
});
export type AuthValues = z.infer<typeof authSchema>;

export interface FormResult<T> {
  values?: T;
  /** field -> first message, in field order */
  errors: Partial<Record<keyof T & string, string>>;
  /** The first message overall (what the waitlist toast shows). */
  first?: string;
}

/** Validates raw values; returns trimmed values or per-field messages. */
export function check<T>(schema: z.ZodMiniType<T>, raw: unknown): FormResult<T> {
  const r = z.safeParse(schema, raw);
  if (r.success) return { values: r.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return { errors: errors as FormResult<T>['errors'], first: r.error.issues[0]?.message };
}
