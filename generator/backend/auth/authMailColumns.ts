import type { Queryable } from '../Database.ts';

/**
 * The columns of GoTrue's auth.users that mailed codes and links use
 * (recovery and magic links, email changes, reauthentication, invitations),
 * with GoTrue's names and defaults. Added where missing on every start, so a
 * data dir created before them gets them too; each statement is a no-op when
 * the column exists.
 */
export const AUTH_MAIL_COLUMNS_SQL = `
alter table auth.users add column if not exists invited_at timestamptz;
alter table auth.users add column if not exists recovery_token varchar(255);
alter table auth.users add column if not exists recovery_sent_at timestamptz;
alter table auth.users add column if not exists email_change_token_new varchar(255);
alter table auth.users add column if not exists email_change varchar(255);
alter table auth.users add column if not exists email_change_sent_at timestamptz;
alter table auth.users add column if not exists email_change_token_current varchar(255) default '';
alter table auth.users add column if not exists email_change_confirm_status smallint default 0;
alter table auth.users add column if not exists reauthentication_token varchar(255) default '';
alter table auth.users add column if not exists reauthentication_sent_at timestamptz;
`;

/** Adds the mail columns to auth.users where they are missing. */
export async function ensureAuthMailColumns(db: Queryable): Promise<void> {
  const present = await db.query<{ n: number }>(
    `select count(*)::int as n from information_schema.columns where table_schema = 'auth' and table_name = 'users' and column_name = 'reauthentication_sent_at'`,
  );
  if (present.rows[0].n === 0) await db.exec(AUTH_MAIL_COLUMNS_SQL);
}
