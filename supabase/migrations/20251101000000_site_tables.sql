-- Tables of the marketing site (spec section 3). The CHECK constraints mirror
-- the form rules of spec section 5 (widgets/lib/forms.ts): the database
-- refuses what a client should already have caught. Names of constraints are
-- permanent: clients and tests may read them from error messages.
-- "Non-blank" is `col ~ '[^[:space:]]'`: at least one character that is not
-- whitespace (btrim() would only strip spaces, not tabs or newlines).

create table public.contact_submissions (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  company text,
  message text not null,
  created_at timestamptz not null default now(),
  constraint contact_submissions_name_check
    check (char_length(name) <= 100 and name ~ '[^[:space:]]'),
  constraint contact_submissions_email_check
    check (char_length(email) <= 255 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  constraint contact_submissions_company_check
    check (company is null or (char_length(company) <= 200 and company ~ '[^[:space:]]')),
  constraint contact_submissions_message_check
    check (char_length(message) <= 2000 and message ~ '[^[:space:]]')
);
comment on table public.contact_submissions is 'Messages sent with the contact dialog. Admins read them on /admin.';

create index contact_submissions_created_at_idx on public.contact_submissions (created_at desc);

create table public.waitlist (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  favorite_part text not null,
  desired_features text not null,
  willing_to_give_feedback boolean not null default false,
  created_at timestamptz not null default now(),
  constraint waitlist_name_check
    check (char_length(name) <= 100 and name ~ '[^[:space:]]'),
  constraint waitlist_email_check
    check (char_length(email) <= 255 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  constraint waitlist_favorite_part_check
    check (char_length(favorite_part) <= 500 and favorite_part ~ '[^[:space:]]'),
  constraint waitlist_desired_features_check
    check (char_length(desired_features) <= 1000 and desired_features ~ '[^[:space:]]')
);
comment on table public.waitlist is 'People waiting for launch. Nobody reads it through the API; see public.waitlist_count().';

-- One place per person, whatever the case of the address (duplicate: SQLSTATE 23505).
create unique index waitlist_email_lower_key on public.waitlist (lower(email));

create type public.app_role as enum ('admin');

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now(),
  constraint user_roles_user_id_role_key unique (user_id, role)
);
comment on table public.user_roles is 'Roles of signed-in users. Granted from the SQL editor or `site admin grant`, never through the API.';

create table public.admin_audit_log (
  id uuid primary key default gen_random_uuid(),
  actor_id uuid references auth.users (id) on delete set null,
  actor_email text,
  action text not null,
  resource_type text not null,
  resource_id text,
  created_at timestamptz not null default now(),
  constraint admin_audit_log_action_check
    check (char_length(action) between 1 and 100 and action ~ '^[a-z][a-z0-9_]*$'),
  constraint admin_audit_log_resource_type_check
    check (char_length(resource_type) between 1 and 100 and resource_type ~ '^[a-z][a-z0-9_]*$'),
  constraint admin_audit_log_resource_id_check
    check (resource_id is null or char_length(resource_id) between 1 and 200)
);
comment on table public.admin_audit_log is 'What admins did (who, action, resource, when). Written only by the log-admin-action edge function.';

create index admin_audit_log_created_at_idx on public.admin_audit_log (created_at desc);
