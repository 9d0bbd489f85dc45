-- The forms' rules, exactly (widgets/lib/forms.ts), and nothing for the
-- Security Advisor (splinter) to warn about.
--
-- 1. Email: the forms' EMAIL_PATTERN (zod's email regex) in Postgres
--    syntax. The old `x@y.z` shape let through `a@b.co?bcc=c%40d.example`,
--    which a mailto: link reads as a second recipient.
-- 2. Blank: a text must show something. `~ '[^[:space:]]'` counted U+00A0,
--    U+200B and U+FEFF as content; private.has_visible_character() does not.
-- 3. The waitlist total is a one-row table kept by a trigger, readable by
--    everyone, instead of a security-definer function anyone could execute.
-- 4. The insert policies state what a visitor's row is: stamped now.
--
-- Constraint names stay the same (clients read them from error messages).
-- New rows are checked at once; rows already stored are validated at the end
-- of this file, and a table holding older rows that break a rule keeps that
-- rule NOT VALID (with a warning) instead of failing `supabase db push`.

-- Helpers live in private, a schema the Data API does not expose.
-- The code points are Unicode's White_Space and Default_Ignorable_Code_Point
-- (Unicode 17), the same list as INVISIBLE_RANGES in widgets/lib/forms.ts.
create function private.has_visible_character(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value ~ '[^\u0009-\u000D\u0020\u0085\u00A0\u00AD\u034F\u061C\u115F-\u1160\u1680\u17B4-\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]';
$$;
comment on function private.has_visible_character(text) is 'False when the text is only whitespace and invisible characters (the CHECKs'' meaning of blank).';
-- CHECK constraints run as the inserting role, so the API roles execute it.
revoke all on function private.has_visible_character(text) from public;
grant execute on function private.has_visible_character(text) to anon, authenticated, service_role;

alter table public.contact_submissions
  drop constraint contact_submissions_name_check,
  drop constraint contact_submissions_email_check,
  drop constraint contact_submissions_company_check,
  drop constraint contact_submissions_message_check,
  add constraint contact_submissions_name_check
    check (char_length(name) <= 100 and private.has_visible_character(name)) not valid,
  add constraint contact_submissions_email_check
    check (char_length(email) <= 255
      and email ~ '^(?:[A-Za-z0-9_''+-]+\.)*[A-Za-z0-9_''+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$') not valid,
  add constraint contact_submissions_company_check
    check (company is null or (char_length(company) <= 200 and private.has_visible_character(company))) not valid,
  add constraint contact_submissions_message_check
    check (char_length(message) <= 2000 and private.has_visible_character(message)) not valid;

alter table public.waitlist
  drop constraint waitlist_name_check,
  drop constraint waitlist_email_check,
  drop constraint waitlist_favorite_part_check,
  drop constraint waitlist_desired_features_check,
  add constraint waitlist_name_check
    check (char_length(name) <= 100 and private.has_visible_character(name)) not valid,
  add constraint waitlist_email_check
    check (char_length(email) <= 255
      and email ~ '^(?:[A-Za-z0-9_''+-]+\.)*[A-Za-z0-9_''+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$') not valid,
  add constraint waitlist_favorite_part_check
    check (char_length(favorite_part) <= 500 and private.has_visible_character(favorite_part)) not valid,
  add constraint waitlist_desired_features_check
    check (char_length(desired_features) <= 1000 and private.has_visible_character(desired_features)) not valid;

-- Validate what is already stored; leave a rule NOT VALID (and say so) where old rows break it.
do $$
declare
  c record;
begin
  for c in
    select conrelid::regclass as tbl, conname
    from pg_catalog.pg_constraint
    where conrelid in ('public.contact_submissions'::regclass, 'public.waitlist'::regclass)
      and contype = 'c' and not convalidated
    order by conname
  loop
    begin
      execute format('alter table %s validate constraint %I', c.tbl, c.conname);
    exception when check_violation then
      raise warning 'Rows of % break %; it checks new rows only. Fix those rows, then run: alter table % validate constraint %;',
        c.tbl, c.conname, c.tbl, c.conname;
    end;
  end loop;
end;
$$;

-- The waitlist total: one row, everyone may read it, only the trigger writes it.
create table public.waitlist_stats (
  id boolean primary key default true constraint waitlist_stats_one_row check (id),
  total bigint not null default 0 constraint waitlist_stats_total_check check (total >= 0)
);
comment on table public.waitlist_stats is 'How many people are on the waitlist (the success screen shows total + 64). Kept by a trigger on public.waitlist.';

revoke all on table public.waitlist_stats from public, anon, authenticated, service_role;
alter table public.waitlist_stats enable row level security;
grant select on public.waitlist_stats to anon, authenticated, service_role;
create policy "Anyone can read the waitlist total"
  on public.waitlist_stats for select to anon, authenticated
  using (true);

-- Adds and subtracts rather than recounting: concurrent joins queue on the
-- row's lock and each adds its own rows, so none is lost. Security definer
-- because visitors may not write the table; it takes no input but the rows
-- of the statement, and lives outside the API.
create function private.track_waitlist_total()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.waitlist_stats set total = total + (select count(*) from inserted);
  elsif tg_op = 'DELETE' then
    update public.waitlist_stats set total = total - (select count(*) from deleted);
  else
    update public.waitlist_stats set total = 0;
  end if;
  return null;
end;
$$;
revoke all on function private.track_waitlist_total() from public, anon, authenticated, service_role;

-- Triggers first, then the count: create trigger (like the alter table
-- above) locks out inserts until this migration commits, so no join slips
-- between the count and the triggers.
create trigger waitlist_total_after_insert
  after insert on public.waitlist referencing new table as inserted
  for each statement execute function private.track_waitlist_total();
create trigger waitlist_total_after_delete
  after delete on public.waitlist referencing old table as deleted
  for each statement execute function private.track_waitlist_total();
create trigger waitlist_total_after_truncate
  after truncate on public.waitlist
  for each statement execute function private.track_waitlist_total();
insert into public.waitlist_stats (total) select count(*) from public.waitlist;

-- Sites built before waitlist_stats call rpc/waitlist_count: it stays, as a
-- plain (security invoker) read of the same row.
create or replace function public.waitlist_count()
returns bigint
language sql
stable
security invoker
set search_path = ''
as $$
  select total from public.waitlist_stats;
$$;
comment on table public.waitlist is 'People waiting for launch. Nobody reads it through the API; public.waitlist_stats holds the total.';

-- A visitor's row is stamped with the time it was sent (the admin list is
-- ordered by it). The column grants already keep created_at out of reach;
-- the policies say it at the row level too.
alter policy "Anyone can send a contact message"
  on public.contact_submissions
  with check (created_at = now());
alter policy "Anyone can join the waitlist"
  on public.waitlist
  with check (created_at = now());
