/**
 * Form rules of spec section 5, one place, used by the widgets (zod/mini keeps
 * them small in the browser). The database mirrors them with CHECK
 * constraints (supabase/migrations), so it rejects what a client should have caught.
 */
import * as z from 'zod/mini';

export const limits = {
  contact: { name: 100, email: 255, company: 200, message: 2000 },
  waitlist: { name: 100, email: 255, favorite_part: 500, desired_features: 1000 },
  passwordMin: 6,
} as const;

const required = (message: string, max: number, tooLong: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong));
const email = (max: number) =>
  z.string().check(
    z.trim(),
    z.regex(z.regexes.email, 'Invalid email address'),
    z.maxLength(max, `Email must be less than ${max} characters`),
  );

export const contactSchema = z.object({
  name: required('Name is required', limits.contact.name, 'Name must be less than 100 characters'),
  email: email(limits.contact.email),
  company: z.string().check(z.trim(), z.maxLength(limits.contact.company, 'Company name must be less than 200 characters')),
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
  email: z.string().check(z.trim(), z.minLength(1, 'Email is required'), z.regex(z.regexes.email, 'Invalid email address')),
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
