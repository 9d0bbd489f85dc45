# A throwaway PostgreSQL cluster for the tests (sourced by .ci/run).
#   start_postgres: initdb in a temp folder, start on 127.0.0.1 and a free port
#                   (trust auth, loopback only), export SITE_TEST_DATABASE_URL.
#   stop_postgres:  stop it and delete the folder.
# PostgreSQL refuses to run as root, so as root the cluster belongs to the
# postgres user (created by Debian's postgresql-common package).

# The bin folder of the newest installed PostgreSQL, or nothing.
pg_bindir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$dir" ] && command -v pg_config >/dev/null 2>&1; then dir=$(pg_config --bindir); fi
  if [ -z "$dir" ] && command -v initdb >/dev/null 2>&1; then dir=$(dirname "$(command -v initdb)"); fi
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && echo "$dir"
}

# Runs a command as the cluster's owner: postgres when we are root, else ourselves.
as_pg_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"
}

start_postgres() {
  local bindir port attempt
  bindir=$(pg_bindir) || { echo "No PostgreSQL binaries found (initdb, pg_ctl)." >&2; return 1; }
  # As root, under /tmp: the postgres user may not reach root's TMPDIR.
  if [ "$(id -u)" = 0 ]; then
    PG_TMP=$(mktemp -d /tmp/site-postgres.XXXXXX)
    chown postgres: "$PG_TMP"
  else
    PG_TMP=$(mktemp -d "${TMPDIR:-/tmp}/site-postgres.XXXXXX")
  fi
  # cd: the postgres user may not be allowed into the checkout.
  if ! (cd "$PG_TMP" && as_pg_owner "$bindir/initdb" -D "$PG_TMP/data" -U postgres --auth=trust --encoding=UTF8 --no-sync >"$PG_TMP/initdb.log" 2>&1 </dev/null); then
    cat "$PG_TMP/initdb.log" >&2
    return 1
  fi
  for attempt in 1 2 3 4 5; do
    port=$(free_port)
    # Durability is pointless for a cluster deleted after the run: no fsync.
    if (cd "$PG_TMP" && as_pg_owner "$bindir/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $PG_TMP -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null </dev/null); then
      export SITE_TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
      PG_BINDIR=$bindir
      return 0
    fi
    echo "PostgreSQL did not start on port $port (attempt $attempt):" >&2
    tail -n 5 "$PG_TMP/server.log" >&2 || true
  done
  return 1
}

stop_postgres() {
  [ -n "${PG_TMP:-}" ] || return 0
  if [ -n "${PG_BINDIR:-}" ] && [ -f "$PG_TMP/data/postmaster.pid" ]; then
    (cd "$PG_TMP" && as_pg_owner "$PG_BINDIR/pg_ctl" -D "$PG_TMP/data" -m fast -w stop >/dev/null 2>&1 </dev/null) || true
  fi
  rm -rf "$PG_TMP"
  PG_TMP=
}
