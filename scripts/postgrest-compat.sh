#!/usr/bin/env bash
# Runs postgrest-js's own test suite (supabase/supabase-js v2.109.0, packages/core/postgrest-js) against the
# embedded backend: the suite's fixture schema and seed are loaded as extra migrations after ours, the
# server listens on the port the suite expects (54321), and PostgREST gets the settings the suite's setup
# asks for (db-plan-enabled, db-aggregates-enabled, db-tx-end = commit-allow-override, schemas public and
# personal). The product itself never runs with those: this measures how much of the PostgREST contract the
# embedded layer serves (docs/backend.md, "PostgREST compatibility"; decision 0025).
#
#   scripts/postgrest-compat.sh [path to a clone of supabase/supabase-js]
#
# Without a path it clones the tag from GitHub. Nothing of that repository is copied into this one: it is
# unpacked and its test dependencies installed under .tmp/postgrest-compat. Prints the counts and the
# failing tests; the full report is .tmp/postgrest-compat/results.json.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK="$ROOT/.tmp/postgrest-compat"
REF=v2.109.0
PORT=54321
PKG="$WORK/src/packages/core/postgrest-js"

rm -rf "$WORK/src" "$WORK/data" "$WORK/migrations"
mkdir -p "$WORK/src" "$WORK/migrations"

CHECKOUT=${1:-}
if [ -z "$CHECKOUT" ]; then
  CHECKOUT="$WORK/supabase-js.git"
  [ -d "$CHECKOUT" ] || git clone --quiet --bare --depth 1 --branch "$REF" https://github.com/supabase/supabase-js "$CHECKOUT"
fi
git -C "$CHECKOUT" archive "$REF" packages/core/postgrest-js | tar -x -C "$WORK/src"

# The fixture, adapted to the embedded database: PGlite has no PostGIS (its one table keeps the column as
# text), and the `authenticator` role and `extensions` schema a Supabase project already has are made first.
cat > "$WORK/migrations/99990000000000_compat_prelude.sql" <<'SQL'
create role authenticator noinherit;
create schema if not exists extensions;
SQL
sed -e 's/^create extension if not exists postgis.*$//' -e 's/extensions\.geometry(POINT, 4326)/text/' \
  "$PKG/test/supabase/migrations/00000000000000_schema.sql" > "$WORK/migrations/99990000000001_compat_fixture.sql"
cp "$PKG/test/supabase/seed.sql" "$WORK/migrations/99990000000002_compat_seed.sql"

# The suite's test dependencies at the versions its workspace catalog pins, without its build tooling.
node -e '
  const fs = require("fs")
  const file = process.argv[1] + "/package.json"
  const pkg = JSON.parse(fs.readFileSync(file, "utf8"))
  pkg.devDependencies = {
    "@jest/types": "^30.0.0", "@types/jest": "30.0.0", "@types/node": "20.19.9", jest: "30.4.2",
    "ts-jest": "^29.4.9", typescript: "~5.8.3", prettier: "^3.6.2", "type-fest": "^4.32.0", zod: "^3.25.76",
  }
  delete pkg.scripts
  fs.writeFileSync(file, JSON.stringify(pkg, null, 2))
' "$PKG"
(cd "$PKG" && npm install --no-audit --no-fund --loglevel=error >/dev/null)

# The suite calls the REST URL without an apikey (its local stack does not ask for one); Supabase's gateway,
# and so the embedded one, does: every request to it gets the anon key, as supabase-js would add.
cat > "$PKG/compat-setup.cjs" <<'JS'
const key = process.env.COMPAT_ANON_KEY
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
cat > "$PKG/jest.compat.config.cjs" <<'JS'
module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  maxWorkers: 1,
  testSequencer: '<rootDir>/test/testSequencer.js',
  testTimeout: 30000,
  setupFiles: ['<rootDir>/compat-setup.cjs'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }] },
}
JS

cat > "$WORK/server.ts" <<TS
import { writeFileSync } from 'node:fs'
import { startServer } from '$ROOT/src/backend/app.ts'

const server = await startServer({
  dataDir: '$WORK/data',
  port: $PORT,
  host: '::',
  extraMigrationsDir: '$WORK/migrations',
  auth: { signInRateLimit: 1_000_000, refreshRateLimit: 1_000_000 },
  postgrest: {
    extraConfig: {
      'db-schemas': 'public,personal',
      'db-extra-search-path': 'public,extensions',
      'db-plan-enabled': true,
      'db-aggregates-enabled': true,
      'db-tx-end': 'commit-allow-override',
    },
  },
})
writeFileSync('$WORK/anon-key', server.keys.anonKey)
console.log('compat server ready')
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close().then(() => process.exit(0)))
TS
rm -f "$WORK/anon-key"
node --import tsx "$WORK/server.ts" > "$WORK/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  [ -s "$WORK/anon-key" ] && break
  kill -0 $SERVER 2>/dev/null || { cat "$WORK/server.log"; exit 1; }
  sleep 0.5
done

# Every test file that talks to a server; the ones that only exercise the client against a mocked fetch
# (retry, headers-serialization, permission-hints, fetch-errors, version-and-constants) and the v12 docker
# run are left out.
cd "$PKG"
COMPAT_ANON_KEY=$(cat "$WORK/anon-key") npx jest --config jest.compat.config.cjs --json --outputFile="$WORK/results.json" \
  --testPathIgnorePatterns 'retry|headers-serialization|permission-hints|fetch-errors|version-and-constants|/v12/' \
  > "$WORK/jest.log" 2>&1 || true

node -e '
  const r = require(process.argv[1])
  console.log(`postgrest-js ${process.argv[2]} against the embedded backend: ${r.numPassedTests} of ${r.numTotalTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`)
  for (const file of r.testResults) for (const t of file.assertionResults) {
    if (t.status === "failed") console.log(`  FAIL ${file.name.split("/test/")[1]} > ${t.fullName}`)
  }
' "$WORK/results.json" "$REF"
