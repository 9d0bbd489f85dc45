import { randomUUID } from 'node:crypto';
import { userJson, type AuthUserRow } from './userJson.ts';

/**
 * Pure: GoTrue's answer to a sign-up with the address of a confirmed user while confirmations are on
 * (api/signup.go, sanitizeUser): 200 with a user as a new sign-up's would look, not the account's. A
 * fresh id, no role, the metadata and provider the request gave, timestamps of now, no identity (the
 * empty `identities` is how GoTrue's clients tell a taken address, as Supabase documents), and no
 * confirmation, sign-in or email change. The fields GoTrue leaves as the account has them
 * (invited_at, recovery_sent_at, reauthentication_sent_at, banned_until, deleted_at, is_anonymous)
 * stay too, so the answer is GoTrue's byte for byte in shape.
 */
export function obfuscatedUser(row: AuthUserRow, data: Record<string, unknown>, now = new Date()): Record<string, unknown> {
  const at = now.toISOString();
  return {
    ...userJson(row),
    id: randomUUID(),
    role: '',
    email_confirmed_at: undefined,
    confirmation_sent_at: at,
    confirmed_at: undefined,
    new_email: undefined,
    email_change_sent_at: undefined,
    last_sign_in_at: undefined,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: at,
    updated_at: at,
  };
}
