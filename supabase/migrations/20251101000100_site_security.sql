-- Least privilege for the Data API. Supabase's default privileges open every
-- new table and function in public to anon, authenticated and service_role;
-- this migration closes them all and grants back only what the site needs.
--
--                       anon / authenticated     admin (authenticated)   service_role
-- contact_submissions   insert (4 columns)       + select all rows       all
-- waitlist              insert (5 columns)       -                       all
-- user_roles            -  (authenticated: select own rows)              all
-- admin_audit_log       -                        -                       select, insert
-- waitlist_count()      execute                  execute                 execute

revoke all on table public.contact_submissions, public.waitlist, public.user_roles, public.admin_audit_log
  from public, anon, authenticated, service_role;

alter table public.contact_submissions enable row level security;
alter table public.waitlist enable row level security;
alter table public.user_roles enable row level security;
alter table public.admin_audit_log enable row level security;

-- Helpers live in a schema the Data API does not expose.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- Does the CURRENT user hold this role? It takes no user id, so it cannot be
-- used to probe other users. Security definer so policies on user_roles do
-- not recurse; fixed empty search_path so nothing can be shadowed.
create function private.has_role(_role public.app_role)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles ur
    where ur.user_id = (select auth.uid()) and ur.role = _role
  );
$$;
revoke all on function private.has_role(public.app_role) from public, anon, authenticated, service_role;
grant execute on function private.has_role(public.app_role) to authenticated, service_role;

-- contact_submissions: anyone may send; only admins may read; nobody edits.
grant insert (name, email, company, message) on public.contact_submissions to anon, authenticated;
grant select on public.contact_submissions to authenticated;
grant select, insert, update, delete on public.contact_submissions to service_role;

create policy "Anyone can send a contact message"
  on public.contact_submissions for insert to anon, authenticated
  with check (true);
create policy "Admins can read contact submissions"
  on public.contact_submissions for select to authenticated
  using ((select private.has_role('admin')));

-- waitlist: anyone may join; nobody reads rows through the API.
grant insert (name, email, favorite_part, desired_features, willing_to_give_feedback)
  on public.waitlist to anon, authenticated;
grant select, insert, update, delete on public.waitlist to service_role;

create policy "Anyone can join the waitlist"
  on public.waitlist for insert to anon, authenticated
  with check (true);

-- The one number the success screen needs (position = count + 64), never rows.
create function public.waitlist_count()
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select count(*) from public.waitlist;
$$;
revoke all on function public.waitlist_count() from public, anon, authenticated, service_role;
grant execute on function public.waitlist_count() to anon, authenticated, service_role;

-- user_roles: a signed-in user reads only their own roles; writes only
-- through the SQL editor / service role.
grant select on public.user_roles to authenticated;
grant select, insert, update, delete on public.user_roles to service_role;

create policy "Users can read their own roles"
  on public.user_roles for select to authenticated
  using (user_id = (select auth.uid()));

-- admin_audit_log: append-only, written by the log-admin-action edge
-- function with the service role. No policies: anon and authenticated have
-- no grants at all; service_role bypasses row-level security.
grant select, insert on public.admin_audit_log to service_role;
