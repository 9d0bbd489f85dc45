-- Early-access sign-ups: anyone may add their email address; no visitor may read the list (the
-- project's own dashboard and the service role can).
create table public.signups (
  id bigint generated always as identity primary key,
  email text not null unique check (email ~ '^[^@\s]+@[^@\s]+$' and length(email) <= 320),
  created_at timestamptz not null default now()
);

alter table public.signups enable row level security;

create policy "anyone may sign up" on public.signups for insert to anon, authenticated with check (true);

grant insert (email) on public.signups to anon, authenticated;
