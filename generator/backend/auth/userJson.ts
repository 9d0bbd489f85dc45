/** A row of auth.users as the embedded auth server reads it. */
export interface AuthUserRow {
  id: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  last_sign_in_at: Date | null;
  invited_at: Date | null;
  recovery_sent_at: Date | null;
  /** The address an email change waits to confirm ('' or null when none). */
  email_change: string | null;
  email_change_sent_at: Date | null;
  reauthentication_sent_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  /** Sign-ins are refused until then (the admin API's ban_duration). */
  banned_until: Date | null;
  /** Set by a soft delete (the admin API's should_soft_delete). */
  deleted_at: Date | null;
  /** Signed in anonymously: no email, no identity. */
  is_anonymous: boolean;
  created_at: Date;
  updated_at: Date;
}

export const USER_COLUMNS =
  'id, email, encrypted_password, email_confirmed_at, confirmation_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, ' +
  'invited_at, recovery_sent_at, email_change, email_change_sent_at, reauthentication_sent_at, banned_until, deleted_at, is_anonymous';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : undefined);

/** Pure: an auth.users row -> the user object GoTrue returns (and auth-js types as User). */
export function userJson(row: AuthUserRow, factors: Record<string, unknown>[] = []): Record<string, unknown> {
  return {
    id: row.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: row.email ?? '',
    email_confirmed_at: iso(row.email_confirmed_at),
    invited_at: iso(row.invited_at),
    phone: '',
    confirmation_sent_at: iso(row.confirmation_sent_at),
    confirmed_at: iso(row.email_confirmed_at),
    recovery_sent_at: iso(row.recovery_sent_at),
    new_email: row.email_change || undefined,
    email_change_sent_at: iso(row.email_change_sent_at),
    reauthentication_sent_at: iso(row.reauthentication_sent_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    app_metadata: row.raw_app_meta_data,
    user_metadata: row.raw_user_meta_data,
    identities: !row.email ? [] : [
      {
        identity_id: row.id,
        id: row.id,
        user_id: row.id,
        identity_data: { email: row.email, email_verified: row.email_confirmed_at !== null, phone_verified: false, sub: row.id },
        provider: 'email',
        last_sign_in_at: iso(row.last_sign_in_at ?? row.created_at),
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
        email: row.email,
      },
    ],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    banned_until: iso(row.banned_until),
    deleted_at: iso(row.deleted_at),
    is_anonymous: row.is_anonymous ?? false,
    // GoTrue leaves the list out when the user has no factor.
    ...(factors.length > 0 ? { factors } : {}),
  };
}
