-- The storage schema a hosted Supabase project (and the Supabase CLI's local
-- stack, storage-api v1.60) has: what sites' migrations and seeds write policies
-- on and insert buckets into. Written for the embedded backend; every statement
-- is idempotent, so it runs on every start (after bootstrap.sql, before
-- supabase/migrations) and an older data dir gets what was added since.
-- The object files themselves live in the data dir (storage/ObjectFiles.ts).

create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;
alter default privileges in schema storage grant all on tables to anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to anon, authenticated, service_role;

do $$ begin create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR'); exception when duplicate_object then null; end $$;

create table if not exists storage.migrations (
  id integer primary key,
  name varchar(100) not null unique,
  hash varchar(40) not null,
  executed_at timestamp default current_timestamp
);

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
create index if not exists idx_objects_bucket_id_name_lower on storage.objects (bucket_id, (lower(name) collate "C"));
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

-- The S3 protocol's multipart uploads, analytics (Iceberg) and vector buckets: present, as in the
-- CLI's database, so `site gen types --schema storage` matches it; the embedded backend serves none of them.
create table if not exists storage.s3_multipart_uploads (
  id text primary key,
  in_progress_size bigint not null default 0,
  upload_signature text not null,
  bucket_id text not null references storage.buckets (id),
  key text collate "C" not null,
  version text not null,
  owner_id text,
  created_at timestamptz not null default now(),
  user_metadata jsonb,
  metadata jsonb
);
create index if not exists idx_multipart_uploads_list on storage.s3_multipart_uploads (bucket_id, key, created_at);

create table if not exists storage.s3_multipart_uploads_parts (
  id uuid primary key default gen_random_uuid(),
  upload_id text not null references storage.s3_multipart_uploads (id) on delete cascade,
  size bigint not null default 0,
  part_number integer not null,
  bucket_id text not null references storage.buckets (id),
  key text collate "C" not null,
  etag text not null,
  owner_id text,
  version text not null,
  created_at timestamptz not null default now()
);

create table if not exists storage.buckets_analytics (
  name text not null,
  type storage.buckettype not null default 'ANALYTICS',
  format text not null default 'ICEBERG',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  id uuid not null default gen_random_uuid() primary key,
  deleted_at timestamptz
);
create unique index if not exists buckets_analytics_unique_name_idx on storage.buckets_analytics (name) where deleted_at is null;

create table if not exists storage.iceberg_namespaces (
  id uuid primary key default gen_random_uuid(),
  bucket_name text not null,
  name text collate "C" not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  catalog_id uuid not null references storage.buckets_analytics (id) on delete cascade
);
create unique index if not exists idx_iceberg_namespaces_bucket_id on storage.iceberg_namespaces (catalog_id, name);

create table if not exists storage.iceberg_tables (
  id uuid primary key default gen_random_uuid(),
  namespace_id uuid not null references storage.iceberg_namespaces (id) on delete cascade,
  bucket_name text not null,
  name text collate "C" not null,
  location text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  catalog_id uuid not null references storage.buckets_analytics (id) on delete cascade
);
create unique index if not exists idx_iceberg_tables_namespace_id on storage.iceberg_tables (catalog_id, namespace_id, name);
create unique index if not exists idx_iceberg_tables_location on storage.iceberg_tables (location);

create table if not exists storage.buckets_vectors (
  id text not null primary key,
  type storage.buckettype not null default 'VECTOR',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists storage.vector_indexes (
  id text primary key default gen_random_uuid(),
  name text collate "C" not null,
  bucket_id text not null references storage.buckets_vectors (id),
  data_type text not null,
  dimension integer not null,
  distance_metric text not null,
  metadata_configuration jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists vector_indexes_name_bucket_id_idx on storage.vector_indexes (name, bucket_id);

-- Row-level security on every table, no policy: until a site's migration adds policies, only the
-- service role (which bypasses RLS) reads or writes buckets and objects, as on a new hosted project.
alter table storage.migrations enable row level security;
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.s3_multipart_uploads enable row level security;
alter table storage.s3_multipart_uploads_parts enable row level security;
alter table storage.buckets_analytics enable row level security;
alter table storage.iceberg_namespaces enable row level security;
alter table storage.iceberg_tables enable row level security;
alter table storage.buckets_vectors enable row level security;
alter table storage.vector_indexes enable row level security;

grant all on storage.buckets, storage.objects, storage.buckets_analytics to anon, authenticated, service_role;
revoke all on storage.migrations from anon, authenticated, service_role;
revoke all on storage.s3_multipart_uploads, storage.s3_multipart_uploads_parts, storage.iceberg_namespaces, storage.iceberg_tables from anon, authenticated;
grant all on storage.s3_multipart_uploads, storage.s3_multipart_uploads_parts, storage.iceberg_namespaces, storage.iceberg_tables to service_role;
grant select on storage.s3_multipart_uploads, storage.s3_multipart_uploads_parts, storage.iceberg_namespaces, storage.iceberg_tables to anon, authenticated;
revoke all on storage.buckets_vectors, storage.vector_indexes from anon, authenticated, service_role;
grant select on storage.buckets_vectors, storage.vector_indexes to anon, authenticated, service_role;

-- Path helpers policies use: storage.foldername('a/b/c.png') = {a,b}, filename = 'c.png', extension = 'png'.
create or replace function storage.foldername(name text) returns text[] language plpgsql immutable as $$
declare
  parts text[] := string_to_array(name, '/');
begin
  return parts[1 : array_length(parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text language plpgsql as $$
declare
  parts text[] := string_to_array(name, '/');
begin
  return parts[array_length(parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text language plpgsql immutable as $$
declare
  parts text[] := string_to_array(name, '/');
begin
  return reverse(split_part(reverse(parts[array_length(parts, 1)]), '.', 1));
end
$$;

create or replace function storage.get_size_by_bucket() returns table (size bigint, bucket_id text) language plpgsql stable as $$
begin
  return query select sum((o.metadata ->> 'size')::bigint)::bigint, o.bucket_id from storage.objects o group by o.bucket_id;
end
$$;

-- The operation the Storage API is performing (set per request), for policies that tell them apart.
create or replace function storage.operation() returns text language plpgsql stable as $$
begin
  return current_setting('storage.operation', true);
end
$$;

create or replace function storage.allow_only_operation(expected_operation text) returns boolean language sql stable as $$
  select coalesce(nullif(expected_operation, '') is not null
    and regexp_replace(storage.operation(), '^storage\.', '') = regexp_replace(expected_operation, '^storage\.', ''), false)
$$;

create or replace function storage.allow_any_operation(expected_operations text[]) returns boolean language sql stable as $$
  select exists (
    select from unnest(expected_operations) as expected
    where nullif(expected, '') is not null
      and regexp_replace(storage.operation(), '^storage\.', '') = regexp_replace(expected, '^storage\.', '')
  )
$$;

-- Inserts the row to see whether the caller's policies allow it, then undoes it (raises PT200).
create or replace function storage.can_insert_object(bucketid text, name text, owner uuid, metadata jsonb) returns void language plpgsql as $$
begin
  insert into storage.objects (bucket_id, name, owner, metadata) values (bucketid, name, owner, metadata);
  raise sqlstate 'PT200' using message = 'ROLLBACK', detail = 'rollback successful insert';
end
$$;

-- The part of p_key after p_prefix up to and including the next delimiter (a "folder"), or null for a file.
create or replace function storage.get_common_prefix(p_key text, p_prefix text, p_delimiter text) returns text language sql immutable as $$
  select case
    when strpos(substr(p_key, length(p_prefix) + 1), p_delimiter) > 0
    then left(p_key, length(p_prefix) + strpos(substr(p_key, length(p_prefix) + 1), p_delimiter) + length(p_delimiter) - 1)
  end
$$;

-- Storage API's list (v1): the entries one level below prefix || search (case-insensitive), folders
-- as their segment name with null id and metadata; sorted by name (folders and files together) or,
-- by a timestamp column, folders first then files; limit/offset over the whole.
create or replace function storage.search(prefix text, bucketname text, limits integer default 100, levels integer default 1, offsets integer default 0, search text default '', sortcolumn text default 'name', sortorder text default 'asc')
returns table (name text, id uuid, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz, metadata jsonb)
language sql stable as $$
  with args as (
    select coalesce(search.prefix, '') || coalesce(search.search, '') as pfx,
      lower(coalesce(search.sortorder, 'asc')) = 'desc' as descending,
      case lower(coalesce(search.sortcolumn, 'name')) when 'updated_at' then 'updated_at' when 'created_at' then 'created_at'
        when 'last_accessed_at' then 'last_accessed_at' else 'name' end as col
  ),
  matched as (
    select o.name as full_name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata, storage.get_common_prefix(o.name, a.pfx, '/') as folder,
      case a.col when 'updated_at' then o.updated_at when 'created_at' then o.created_at when 'last_accessed_at' then o.last_accessed_at end as sort_at
    from storage.objects o, args a
    where o.bucket_id = search.bucketname and lower(left(o.name, length(a.pfx))) = lower(a.pfx)
  ),
  entries as (
    select split_part(rtrim(m.folder, '/'), '/', search.levels) as name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
      null::timestamptz as last_accessed_at, null::jsonb as metadata, null::timestamptz as sort_at, true as is_folder
    from matched m where m.folder is not null group by 1
    union all
    select split_part(m.full_name, '/', search.levels), m.id, m.updated_at, m.created_at, m.last_accessed_at, m.metadata, m.sort_at, false
    from matched m where m.folder is null
  )
  select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
  from entries e, args a
  order by
    case when a.col <> 'name' then e.is_folder end desc,
    case when a.col = 'name' and not a.descending then lower(e.name) collate "C" end asc,
    case when a.col = 'name' and a.descending then lower(e.name) collate "C" end desc,
    case when not a.descending then e.sort_at end asc,
    case when a.descending then e.sort_at end desc,
    case when not a.descending then e.name collate "C" end asc,
    case when a.descending then e.name collate "C" end desc
  limit least(coalesce(search.limits, 100), 1500) offset greatest(coalesce(search.offsets, 0), 0)
$$;

-- S3-style listing: names under prefix_param (case-sensitive), each "folder" (up to the next delimiter,
-- delimiter included) once, after start_after (or next_token) in name order (collation "C").
create or replace function storage.list_objects_with_delimiter(_bucket_id text, prefix_param text, delimiter_param text, max_keys integer default 100, start_after text default '', next_token text default '', sort_order text default 'asc')
returns table (name text, id uuid, metadata jsonb, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz)
language sql stable as $$
  with args as (
    select coalesce(list_objects_with_delimiter.prefix_param, '') as pfx,
      coalesce(nullif(list_objects_with_delimiter.next_token, ''), nullif(list_objects_with_delimiter.start_after, '')) as after,
      lower(coalesce(list_objects_with_delimiter.sort_order, 'asc')) = 'desc' as descending
  ),
  matched as (
    select o.*, storage.get_common_prefix(o.name, a.pfx, list_objects_with_delimiter.delimiter_param) as folder
    from storage.objects o, args a
    where o.bucket_id = list_objects_with_delimiter._bucket_id and left(o.name, length(a.pfx)) = a.pfx
  ),
  entries as (
    select m.folder as name, null::uuid as id, null::jsonb as metadata, null::timestamptz as updated_at, null::timestamptz as created_at, null::timestamptz as last_accessed_at
    from matched m where m.folder is not null group by m.folder
    union all
    select m.name, m.id, m.metadata, m.updated_at, m.created_at, m.last_accessed_at from matched m where m.folder is null
  )
  select e.name, e.id, e.metadata, e.updated_at, e.created_at, e.last_accessed_at
  from entries e, args a
  where a.after is null or (case when a.descending then e.name collate "C" < a.after else e.name collate "C" > a.after end)
  order by case when not a.descending then e.name collate "C" end asc, case when a.descending then e.name collate "C" end desc
  limit list_objects_with_delimiter.max_keys
$$;

-- list-v2 with a delimiter, sorted by created_at or updated_at: folders (without the trailing
-- delimiter) take their first object's created_at; the cursor is (timestamp to the millisecond, name).
create or replace function storage.search_by_timestamp(p_prefix text, p_bucket_id text, p_limit integer, p_level integer, p_start_after text, p_sort_order text, p_sort_column text, p_sort_column_after text)
returns table (key text, name text, id uuid, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz, metadata jsonb)
language sql stable as $$
  with args as (
    select coalesce(p_prefix, '') as pfx, lower(coalesce(p_sort_order, 'asc')) = 'desc' as descending, lower(coalesce(p_sort_column, 'created_at')) = 'updated_at' as by_updated
  ),
  matched as (
    select o.*, storage.get_common_prefix(o.name, a.pfx, '/') as folder from storage.objects o, args a
    where o.bucket_id = p_bucket_id and left(o.name, length(a.pfx)) = a.pfx
  ),
  entries as (
    select rtrim(m.folder, '/') as name, null::uuid as id, min(m.created_at) as updated_at, min(m.created_at) as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
    from matched m where m.folder is not null group by m.folder
    union all
    select m.name, m.id, m.updated_at, m.created_at, m.last_accessed_at, m.metadata from matched m where m.folder is null
  ),
  keyed as (
    select e.*, date_trunc('milliseconds', case when a.by_updated then e.updated_at else e.created_at end) as at, a.descending from entries e, args a
  )
  select split_part(k.name, '/', p_level), k.name, k.id, k.updated_at, k.created_at, k.last_accessed_at, k.metadata
  from keyed k
  where coalesce(p_start_after, '') = ''
    or (case when k.descending
      then row(k.at, k.name collate "C") < row(coalesce(nullif(p_sort_column_after, '')::timestamptz, 'epoch'::timestamptz), p_start_after)
      else row(k.at, k.name collate "C") > row(coalesce(nullif(p_sort_column_after, '')::timestamptz, 'epoch'::timestamptz), p_start_after) end)
  order by
    case when not k.descending then coalesce(k.at, 'epoch'::timestamptz) end asc, case when k.descending then coalesce(k.at, 'epoch'::timestamptz) end desc,
    case when not k.descending then k.name collate "C" end asc, case when k.descending then k.name collate "C" end desc
  limit p_limit
$$;

-- Storage API's list-v2 with the "/" delimiter: key is the entry's segment at `levels`.
create or replace function storage.search_v2(prefix text, bucket_name text, limits integer default 100, levels integer default 1, start_after text default '', sort_order text default 'asc', sort_column text default 'name', sort_column_after text default '')
returns table (key text, name text, id uuid, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz, metadata jsonb)
language plpgsql stable as $$
declare
  v_limit integer := least(coalesce(limits, 100), 1500);
  v_order text := case when lower(coalesce(sort_order, 'asc')) = 'desc' then 'desc' else 'asc' end;
  v_column text := lower(coalesce(sort_column, 'name'));
begin
  if v_column in ('created_at', 'updated_at') then
    return query select * from storage.search_by_timestamp(prefix, bucket_name, v_limit, levels, start_after, v_order, v_column, sort_column_after);
  else
    return query select split_part(l.name, '/', levels), l.name, l.id, l.updated_at, l.created_at, l.last_accessed_at, l.metadata
      from storage.list_objects_with_delimiter(bucket_name, coalesce(prefix, ''), '/', v_limit, start_after, '', v_order) l;
  end if;
end
$$;

-- The S3 protocol's listing of unfinished multipart uploads (the table stays empty here).
create or replace function storage.list_multipart_uploads_with_delimiter(bucket_id text, prefix_param text, delimiter_param text, max_keys integer default 100, next_key_token text default '', next_upload_token text default '')
returns table (key text, id text, created_at timestamptz)
language sql stable as $$
  select distinct on (k.key collate "C") k.key, k.id, k.created_at from (
    select coalesce(storage.get_common_prefix(u.key, coalesce(prefix_param, ''), delimiter_param), u.key) as key, u.id, u.created_at
    from storage.s3_multipart_uploads u
    where u.bucket_id = list_multipart_uploads_with_delimiter.bucket_id and u.key ilike coalesce(prefix_param, '') || '%'
      and (coalesce(next_upload_token, '') <> '' or coalesce(next_key_token, '') = '' or u.key collate "C" > next_key_token)
      and (coalesce(next_upload_token, '') = '' or u.id collate "C" > next_upload_token)
  ) k
  order by k.key collate "C", k.created_at
  limit max_keys
$$;

create or replace function storage.update_updated_at_column() returns trigger language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end
$$;
create or replace trigger update_objects_updated_at before update on storage.objects for each row execute function storage.update_updated_at_column();

create or replace function storage.enforce_bucket_name_length() returns trigger language plpgsql as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end
$$;
create or replace trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets for each row execute function storage.enforce_bucket_name_length();

-- Rows of buckets and objects are deleted through the Storage API only (which removes the files
-- too): a DELETE elsewhere fails unless the transaction set storage.allow_delete_query.
create or replace function storage.protect_delete() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;
create or replace trigger protect_buckets_delete before delete on storage.buckets for each statement execute function storage.protect_delete();
create or replace trigger protect_objects_delete before delete on storage.objects for each statement execute function storage.protect_delete();
