#!/usr/bin/env bash
# Runs upstream test suites, unchanged, against the embedded backend of a site checkout.
# Usage: run.sh <path-to-site-checkout> [postgrest-js|sjs-postgrest-js|sjs-auth-js|sjs-storage-js|all]
# Prints "suite: passed/total" and, of the tests that sent a request to the backend, "talking to the server:
# passed/total"; writes out/<suite>.log (full jest output), out/<suite>.json (jest --json), out/<suite>.failures
# (failing test names, "[server]" marking those that talked to it), out/<suite>.tests (which test sent each
# request) and out/<suite>.backend.log.
set -uo pipefail
U="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CHECKOUT="$(cd "${1:?usage: run.sh <site-checkout> [suite]}" && pwd)"
WHICH="${2:-all}"
SUITES=(postgrest-js sjs-postgrest-js sjs-auth-js sjs-storage-js)
[ "$WHICH" = all ] || SUITES=("$WHICH")
TSX="$CHECKOUT/node_modules/.bin/tsx"
[ -x "$TSX" ] || { echo "no $TSX: run npm ci in the checkout first" >&2; exit 2; }
[ -f "$CHECKOUT/generator/backend/startBackend.ts" ] || { echo "not a site checkout: $CHECKOUT" >&2; exit 2; }
SECRET='super-secret-jwt-token-with-at-least-32-characters-long'   # the Supabase CLI's JWT secret (HS256)
mkdir -p "$U/out" "$U/run"
export TMPDIR="$U/run/tmp"; mkdir -p "$TMPDIR"   # migrated-template cache of the backend, tsx cache
# auth-js's RS256 signing keys (its test:generate-keys), before prepare.py copies them beside its config.toml
AUTHJS="$U/src/sjs/packages/core/auth-js"
[ ! -d "$AUTHJS" ] || [ -f "$AUTHJS/test/supabase/signing_keys.json" ] || (cd "$AUTHJS" && node test/generate-signing-keys.js >/dev/null)
python3 "$U/harness/prepare.py" "$U" "$CHECKOUT" >/dev/null || exit 2

BACKEND_PGID=""
stop_backend() { if [ -n "$BACKEND_PGID" ]; then kill -TERM -- "-$BACKEND_PGID" 2>/dev/null; sleep 1; kill -KILL -- "-$BACKEND_PGID" 2>/dev/null; BACKEND_PGID=""; fi; }
trap stop_backend EXIT

run_suite() {
  local suite="$1" run="$U/run/$1" out="$U/out/$1"
  rm -rf "$run"; mkdir -p -m 700 "$run/data"
  printf '{"jwtSecret":"%s","createdAt":1768925145}\n' "$SECRET" > "$run/data/secret.json"; chmod 600 "$run/data/secret.json"
  # the backend, in its own process group (setsid) so that it and tsx's child are ended together
  setsid "$TSX" "$U/harness/serve.mts" "$CHECKOUT" "$U/sites/$suite" "$run/data" "$run/info.json" > "$out.backend.log" 2>&1 &
  BACKEND_PGID=$!
  for _ in $(seq 1 240); do [ -f "$run/info.json" ] && break; kill -0 "$BACKEND_PGID" 2>/dev/null || break; sleep 0.5; done
  if [ ! -f "$run/info.json" ]; then echo "$suite: backend did not start (see $out.backend.log)"; stop_backend; return 1; fi
  local api anon service
  api=$(node -p "require('$run/info.json').apiUrl"); anon=$(node -p "require('$run/info.json').anonKey"); service=$(node -p "require('$run/info.json').serviceRoleKey")
  export SHIM_LOG="$out.shim.log"; rm -f "$out.shim.log"; export SHIM_ANON_KEY="$anon" SHIM_SERVICE_KEY="$service"
  export SHIM_TESTS="$out.tests"; rm -f "$out.tests"
  local dir args jest
  case "$suite" in
    postgrest-js)       # PostgREST 12 on :3000, 13 on :3001, PGRST_DB_ANON_ROLE=postgres -> service_role
      dir="$U/src/postgrest-js"
      export SHIM_MAP="{\"http://localhost:3000\":\"$api/rest/v1\",\"http://localhost:3001\":\"$api/rest/v1\",\"http://127.0.0.1:3000\":\"$api/rest/v1\",\"http://127.0.0.1:3001\":\"$api/rest/v1\"}"
      export SHIM_APIKEY="$service"
      jest="$dir/node_modules/jest/bin/jest.js"
      args=(--runInBand) ;;
    sjs-postgrest-js)   # project.json test:suite
      dir="$U/src/sjs/packages/core/postgrest-js"
      export SHIM_MAP="{\"http://localhost:54321\":\"$api\",\"http://127.0.0.1:54321\":\"$api\"}"
      export SHIM_APIKEY="$anon"
      jest="$U/src/sjs/node_modules/jest/bin/jest.js"
      args=(--runInBand --testPathIgnorePatterns='test/v12/') ;;
    sjs-auth-js)        # project.json test:suite (test:generate-keys first)
      dir="$U/src/sjs/packages/core/auth-js"
      export SHIM_MAP="{\"http://localhost:54321\":\"$api\",\"http://127.0.0.1:54321\":\"$api\"}"
      export SHIM_APIKEY="$anon"
      jest="$U/src/sjs/node_modules/jest/bin/jest.js"
      args=(--config jest.config.cli.js --runInBand) ;;
    sjs-storage-js)     # project.json test:suite; the CLI's gateway asks no apikey on /storage/v1: none is added
      dir="$U/src/sjs/packages/core/storage-js"
      export SHIM_MAP="{\"http://localhost:54321\":\"$api\",\"http://127.0.0.1:54321\":\"$api\"}"
      export SHIM_APIKEY=""
      jest="$U/src/sjs/node_modules/jest/bin/jest.js"
      args=(--runInBand) ;;
    *) echo "unknown suite $suite"; stop_backend; return 1 ;;
  esac
  ( cd "$dir" && node "$jest" "${args[@]}" --ci --coverage=false --setupFiles "$U/harness/fetchShim.js" \
      --json --outputFile "$out.json" ) > "$out.log" 2>&1
  stop_backend
  node -e '
    const r = require(process.argv[1]); const path = require("path"); const fs = require("fs");
    // The tests that sent a request to the backend (the shim notes them): "<test file>\t<full name>".
    const talked = new Set(fs.existsSync(process.argv[5]) ? fs.readFileSync(process.argv[5], "utf8").split("\n").filter(Boolean) : []);
    const fails = []; let server = 0, serverPassed = 0;
    for (const f of r.testResults) {
      const file = path.relative(process.argv[2], f.name);
      if (f.assertionResults.length === 0 && f.status === "failed") fails.push(`${file} :: (suite failed to run) ${(f.message || "").split("\n").find(l => l.trim()) || ""}`);
      for (const a of f.assertionResults) {
        const toServer = talked.has(`${f.name}\t${a.fullName}`);
        if (toServer) { server++; if (a.status === "passed") serverPassed++; }
        if (a.status === "failed") fails.push(`${file} :: ${toServer ? "[server] " : ""}${a.fullName}`);
      }
    }
    fs.writeFileSync(process.argv[3], fails.join("\n") + (fails.length ? "\n" : ""));
    const broken = r.numRuntimeErrorTestSuites ? ` (${r.numRuntimeErrorTestSuites} test files failed to run)` : "";
    console.log(`${process.argv[4]}: ${r.numPassedTests}/${r.numTotalTests}${broken}; talking to the server: ${serverPassed}/${server}`);
  ' "$out.json" "$dir" "$out.failures" "$suite" "$out.tests" || echo "$suite: no jest result (see $out.log)"
}

for s in "${SUITES[@]}"; do run_suite "$s"; done
