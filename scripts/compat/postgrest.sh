# postgrest-js's suite (packages/core/postgrest-js), sourced by run.sh. The suite's fixture schema and seed
# are loaded as extra migrations after ours, and PostgREST gets the settings the suite's setup asks for
# (db-plan-enabled, db-aggregates-enabled, db-tx-end = commit-allow-override, schemas public and personal).
# The product itself never runs with those: this measures how much of the PostgREST contract the embedded
# layer serves (decision 0025).
# shellcheck shell=bash disable=SC2034

DEV_DEPENDENCIES='{
  "@jest/types": "^30.0.0", "@types/jest": "30.0.0", "@types/node": "20.19.9", "jest": "30.4.2",
  "ts-jest": "^29.4.9", "typescript": "~5.8.3", "prettier": "^3.6.2", "type-fest": "^4.32.0", "zod": "^3.25.76"
}'

# The fixture, adapted to the embedded database: PGlite has no PostGIS (its one table keeps the column as
# text), and the `authenticator` role and `extensions` schema a Supabase project already has are made first.
unpacked() {
  cat >"$WORK/migrations/99990000000000_compat_prelude.sql" <<'SQL'
create role authenticator noinherit;
create schema if not exists extensions;
SQL
  sed -e 's/^create extension if not exists postgis.*$//' -e 's/extensions\.geometry(POINT, 4326)/text/' \
    "$PKG/test/supabase/migrations/00000000000000_schema.sql" >"$WORK/migrations/99990000000001_compat_fixture.sql"
  cp "$PKG/test/supabase/seed.sql" "$WORK/migrations/99990000000002_compat_seed.sql"
}

# The suite calls the REST URL without an apikey (its local stack does not ask for one); Supabase's gateway,
# and so the embedded one, does: every request to it gets the anon key, as supabase-js would add.
SETUP_HOOK=setupFiles
setup() {
  cat <<'JS'
const { readFileSync } = require('fs')
const key = JSON.parse(readFileSync(process.env.COMPAT_KEYS, 'utf8')).anonKey
const original = globalThis.fetch
globalThis.fetch = (input, init = {}) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  if (url.startsWith('http://localhost:54321/')) {
    const headers = new Headers(init.headers ?? (typeof input === 'object' && 'headers' in input ? input.headers : undefined))
    if (!headers.has('apikey')) headers.set('apikey', key)
    init = { ...init, headers }
  }
  return original(input, init)
}
JS
}
JEST_EXTRA="testSequencer: '<rootDir>/test/testSequencer.js',"

SERVER_OPTIONS="extraMigrationsDir: '$WORK/migrations',
  auth: { signInRateLimit: 1_000_000, refreshRateLimit: 1_000_000 },
  postgrest: {
    extraConfig: {
      'db-schemas': 'public,personal',
      'db-extra-search-path': 'public,extensions',
      'db-plan-enabled': true,
      'db-aggregates-enabled': true,
      'db-tx-end': 'commit-allow-override',
    },
  },"

# Every test file that talks to a server; the ones that only exercise the client against a mocked fetch
# (retry, headers-serialization, permission-hints, fetch-errors, version-and-constants) and the v12 docker
# run are left out.
JEST_ARGS=(--testPathIgnorePatterns 'retry|headers-serialization|permission-hints|fetch-errors|version-and-constants|/v12/')

report() {
  node -e '
    const r = require(process.argv[1])
    console.log(`postgrest-js ${process.argv[2]} against the embedded backend: ${r.numPassedTests} of ${r.numTotalTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`)
    for (const file of r.testResults) for (const t of file.assertionResults) {
      if (t.status === "failed") console.log(`  FAIL ${file.name.split("/test/")[1]} > ${t.fullName}`)
    }
  ' "$1" "$REF"
}
