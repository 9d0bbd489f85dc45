-- What "admin" means for `site admin grant|revoke`: the engine knows no
-- table of this site, it runs `select private.set_admin($1, $2)` as the
-- database owner. Here an admin is a user_roles row with the role admin.
--
-- Security definer with a fixed empty search path, in private (not exposed
-- by the Data API), executable by the service role only: no visitor, signed
-- in or not, can grant themselves anything.
create function private.set_admin(user_id uuid, admin boolean)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  with granted as (
    insert into public.user_roles (user_id, role)
    select set_admin.user_id, 'admin'::public.app_role
    where set_admin.admin
    on conflict (user_id, role) do nothing
    returning 1
  ), revoked as (
    delete from public.user_roles ur
    where not set_admin.admin and ur.user_id = set_admin.user_id and ur.role = 'admin'
    returning 1
  )
  select exists (select 1 from granted) or exists (select 1 from revoked);
$$;
comment on function private.set_admin(uuid, boolean) is 'Grants (admin = true) or revokes the admin role of a user; true when something changed. Run by `site admin grant|revoke` and the SQL editor.';

revoke all on function private.set_admin(uuid, boolean) from public, anon, authenticated, service_role;
grant execute on function private.set_admin(uuid, boolean) to service_role;
