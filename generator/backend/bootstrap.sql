-- Platform objects that hosted Supabase already has and PGlite does not.
-- Runs once, before supabase/migrations, on a fresh embedded database (or a
-- PostgreSQL server's database without supabase_migrations.schema_migrations).
-- Never copy this into supabase/migrations: the hosted project owns these.

-- The API roles PostgREST switches to (SET LOCAL ROLE) for each request.
-- Roles belong to the whole server: on a PostgreSQL server another database
-- may have created them already, or be creating them at this moment (tests
-- bootstrap several databases of one cluster at once): a role that appears
-- meanwhile is an error to ignore (42710, or 23505 from pg_authid's index).
do $$
declare
  wanted text[][] := array[
    ['anon', 'nologin noinherit'],
    ['authenticated', 'nologin noinherit'],
    ['service_role', 'nologin noinherit bypassrls'],
    ['authenticator', 'noinherit login']
  ];
begin
  for i in 1 .. array_length(wanted, 1) loop
    if not exists (select from pg_roles where rolname = wanted[i][1]) then
      begin
        execute format('create role %I %s', wanted[i][1], wanted[i][2]);
      exception when duplicate_object or unique_violation then null;
      end;
    end if;
  end loop;
  begin
    grant anon, authenticated, service_role to authenticator;
  exception when unique_violation then null;
  end;
end
$$;

-- Supabase's default privileges: every new table, function and sequence in
-- public is open to the API roles until a migration revokes it. Keeping this
-- here means the migrations are tested against the same defaults they meet
-- in production (and must revoke explicitly).
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

-- Where the Supabase CLI records applied migrations.
create schema supabase_migrations;
create table supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[]
);

-- GoTrue's schema, reduced to what the embedded auth server uses.
create schema auth;
grant usage on schema auth to anon, authenticated, service_role;

create table auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) not null default 'authenticated',
  role varchar(255) not null default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{"provider":"email","providers":["email"]}',
  raw_user_meta_data jsonb not null default '{}',
  is_anonymous boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_partial_key on auth.users (lower(email)) where email is not null;

create table auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent varchar(255),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Exactly as Supabase defines them: the claims PostgREST puts in
-- request.jwt.claims (or the legacy per-claim settings).
create function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

-- Idempotent from here: also run on every start of a database bootstrapped before these objects.

-- The extensions schema hosted projects have, with pgcrypto (crypt(), gen_salt(), digest(): seeds make
-- users with them), on the database's search path as there. A server without pgcrypto goes without it.
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
do $$ begin create extension if not exists pgcrypto with schema extensions; exception when others then raise notice 'pgcrypto: %', sqlerrm; end $$;
do $$ begin execute format('alter database %I set search_path = "$user", public, extensions', current_database()); end $$;
set search_path = "$user", public, extensions;

-- Bans and soft deletes of the admin API, with GoTrue's names.
alter table auth.users add column if not exists banned_until timestamptz;
alter table auth.users add column if not exists deleted_at timestamptz;

-- MFA and PKCE, as GoTrue's migrations define them (the WebAuthn columns further down).
do $$ begin create type auth.factor_type as enum ('totp', 'webauthn', 'phone'); exception when duplicate_object then null; end $$;
do $$ begin create type auth.factor_status as enum ('unverified', 'verified'); exception when duplicate_object then null; end $$;
do $$ begin create type auth.code_challenge_method as enum ('s256', 'plain'); exception when duplicate_object then null; end $$;

alter table auth.sessions add column if not exists factor_id uuid;

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text unique default null,
  last_challenged_at timestamptz unique default null
);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text
);

create table if not exists auth.mfa_amr_claims (
  id uuid not null default gen_random_uuid() constraint amr_id_pk primary key,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);

-- WebAuthn: a second factor's credential on its auth.mfa_factors row, a ceremony's session data on its
-- challenge, and passkeys with their pending ceremonies, as GoTrue's migrations add them (add_web_authn,
-- add_last_webauthn_challenge_data, add_passkeys). No grants: only the auth server reads them.
alter table auth.mfa_factors add column if not exists web_authn_credential jsonb null;
alter table auth.mfa_factors add column if not exists web_authn_aaguid uuid null;
alter table auth.mfa_factors add column if not exists last_webauthn_challenge_data jsonb;
alter table auth.mfa_challenges add column if not exists web_authn_session_data jsonb null;

create table if not exists auth.webauthn_credentials (
  id uuid not null default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  credential_id bytea not null,
  public_key bytea not null,
  attestation_type text not null default '',
  aaguid uuid,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]'::jsonb,
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  friendly_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz,
  constraint webauthn_credentials_pkey primary key (id)
);
create unique index if not exists webauthn_credentials_credential_id_key on auth.webauthn_credentials (credential_id);
create index if not exists webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);

create table if not exists auth.webauthn_challenges (
  id uuid not null default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('signup', 'registration', 'authentication')),
  session_data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  constraint webauthn_challenges_pkey primary key (id)
);
create index if not exists webauthn_challenges_user_id_idx on auth.webauthn_challenges (user_id);
create index if not exists webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);

-- The OAuth 2.1 server's client registry, as GoTrue's migrations leave auth.oauth_clients: the id is the
-- public client_id, only a SHA-256 hash of a confidential client's secret is kept, lists are comma-joined,
-- a deleted client keeps its row with deleted_at set. No grants: only the auth server reads it.
do $$ begin create type auth.oauth_registration_type as enum ('dynamic', 'manual'); exception when duplicate_object then null; end $$;
do $$ begin create type auth.oauth_client_type as enum ('public', 'confidential'); exception when duplicate_object then null; end $$;

create table if not exists auth.oauth_clients (
  id uuid not null,
  client_secret_hash text null,
  registration_type auth.oauth_registration_type not null,
  redirect_uris text not null,
  grant_types text not null,
  client_name text null,
  client_uri text null,
  logo_uri text null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz null,
  client_type auth.oauth_client_type not null default 'confidential',
  token_endpoint_auth_method text not null check (token_endpoint_auth_method in ('client_secret_basic', 'client_secret_post', 'none')),
  constraint oauth_clients_pkey primary key (id),
  constraint oauth_clients_client_name_length check (char_length(client_name) <= 1024),
  constraint oauth_clients_client_uri_length check (char_length(client_uri) <= 2048),
  constraint oauth_clients_logo_uri_length check (char_length(logo_uri) <= 2048)
);
create index if not exists oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);
