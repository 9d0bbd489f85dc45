#!/usr/bin/env python3
"""Builds the four site-like project folders (supabase/config.toml + migrations/ + seed.sql) from the
upstream sources in <harness>/src. The only change to the SQL: PostGIS left out (PGlite lacks it):
the `create extension postgis` line, the `shops` table (its geometry column) and its seed row."""
import re, shutil, sys
from pathlib import Path

U = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
SRC = U / 'src'
SITE_CONFIG = Path(sys.argv[2]) / 'supabase' / 'config.toml' if len(sys.argv) > 2 else None

def drop_postgis(sql: str) -> str:
    sql = re.sub(r'(?im)^\s*create extension (if not exists )?postgis[^;]*;\s*$', '-- (harness) postgis left out', sql)
    # The schema PostGIS went into: the backend has it already, as a Supabase project does.
    sql = re.sub(r'(?im)^\s*create schema extensions;\s*$', '-- (harness) schema extensions there already', sql)
    sql = re.sub(r'(?is)create table public\.shops \(.*?\);', '-- (harness) table shops left out (PostGIS geometry)', sql)
    sql = re.sub(r'(?is)INSERT INTO shops\s*\(id, address, shop_geom\)\s*VALUES\s*\(.*?\);', '-- (harness) shops row left out', sql)
    return sql

def write(p: Path, text: str):
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text)

def fresh(d: Path):
    if d.exists(): shutil.rmtree(d)
    (d / 'supabase' / 'migrations').mkdir(parents=True)

# 1. postgrest-js own repository: test/db/00-schema.sql + 01-dummy-data.sql (docker initdb order) as migrations.
if (SRC / 'postgrest-js').is_dir():   # each suite's folder is made when its source was fetched
    d = U / 'sites' / 'postgrest-js'
    fresh(d)
    db = SRC / 'postgrest-js' / 'test' / 'db'
    write(d / 'supabase/migrations/00000000000000_schema.sql', drop_postgis((db / '00-schema.sql').read_text()))
    write(d / 'supabase/migrations/00000000000001_dummy_data.sql', drop_postgis((db / '01-dummy-data.sql').read_text()))
    cfg = SITE_CONFIG.read_text()
    cfg = re.sub(r'(?m)^project_id = .*$', 'project_id = "postgrest-js-test"', cfg)
    cfg = re.sub(r'(?m)^schemas = .*$', 'schemas = ["public", "personal"]', cfg)   # PGRST_DB_SCHEMAS: public,personal
    cfg = re.sub(r'(?m)^\[db\.seed\]\n(#.*\n)*enabled = true', '[db.seed]\nenabled = false', cfg)
    cfg = re.sub(r'(?ms)^\[functions\.[^\]]*\].*?(?=^\[|\Z)', '', cfg)
    cfg = re.sub(r'(?m)^enable_confirmations = true', 'enable_confirmations = false', cfg)
    cfg = re.sub(r'(?m)^db_aggregates_enabled = .*$', 'db_aggregates_enabled = true', cfg)   # PGRST_DB_AGGREGATES_ENABLED: true
    cfg = re.sub(r'(?m)^db_tx_end = .*$', 'db_tx_end = "commit-allow-override"', cfg)   # PGRST_DB_TX_END: commit-allow-override
    cfg = re.sub(r'(?m)^db_plan_enabled = .*$', 'db_plan_enabled = true', cfg)   # PGRST_DB_PLAN_ENABLED: 1 (the suite's docker-compose)
    cfg = re.sub(r'(?m)^max_rows = .*$', 'max_rows = 0', cfg)   # no PGRST_DB_MAX_ROWS in the suite's docker-compose: no limit
    write(d / 'supabase/config.toml', cfg)
    # Its docker-compose runs PostgREST 12.2.0 on :3000 and 13.0.0 on :3001; one backend serves both, as the
    # first, which all but two tests (the to-many spreads of 13) call.
    write(d / 'supabase/.temp/rest-version', 'v12.2.0')

# 2. postgrest-js inside supabase-js v2.109.0: its own Supabase CLI folder (test/supabase).
d = U / 'sites' / 'sjs-postgrest-js'
fresh(d)
s = SRC / 'sjs/packages/core/postgrest-js/test/supabase'
shutil.copy(s / 'config.toml', d / 'supabase/config.toml')
for m in sorted((s / 'migrations').glob('*.sql')):
    write(d / 'supabase/migrations' / m.name, drop_postgis(m.read_text()))
write(d / 'supabase/seed.sql', drop_postgis((s / 'seed.sql').read_text()))
# The Supabase CLI runs this folder with its own PostgREST image, v14.12 (pkg/config/templates/Dockerfile).
write(d / 'supabase/.temp/rest-version', 'v14.12')

# 3. auth-js inside supabase-js v2.109.0: its Supabase CLI folder (test/supabase: config.toml and the
#    signing_keys.json its test:generate-keys makes; enable_confirmations = false there already: autoconfirm on).
d = U / 'sites' / 'sjs-auth-js'
fresh(d)
# The Supabase CLI runs GoTrue without a rate-limit header, so no per-IP limit applies there: per_ip = false
# (the embedded backend's own key) gives the same; the suite's own numbers stay as they are.
cfg = (SRC / 'sjs/packages/core/auth-js/test/supabase/config.toml').read_text()
cfg = re.sub(r'(?m)^\[auth\.rate_limit\]\n', '[auth.rate_limit]\nper_ip = false\n', cfg)
write(d / 'supabase/config.toml', cfg)
# Its [auth] signing_keys_path = "./signing_keys.json", read from beside config.toml as the CLI reads it.
keys = SRC / 'sjs/packages/core/auth-js/test/supabase/signing_keys.json'
if keys.exists():
    shutil.copy(keys, d / 'supabase/signing_keys.json')

# 4. storage-js inside supabase-js v2.109.0: its Supabase CLI folder (test/supabase: config.toml and seed.sql).
d = U / 'sites' / 'sjs-storage-js'
fresh(d)
s = SRC / 'sjs/packages/core/storage-js/test/supabase'
shutil.copy(s / 'config.toml', d / 'supabase/config.toml')
shutil.copy(s / 'seed.sql', d / 'supabase/seed.sql')
print('prepared', U / 'sites')
