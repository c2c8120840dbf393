#!/usr/bin/env bash
# Runs one of supabase-js's own client suites (v2.109.0) against the embedded backend and prints how many of
# its tests pass: the measure of how much of the Supabase contract the backend serves (docs/backend.md,
# "PostgREST compatibility", "Storage compatibility", "Auth compatibility").
#
#   scripts/compat/run.sh postgrest|storage|auth [path to a clone of supabase/supabase-js]
#
# Without a path it clones the tag from GitHub (a bare clone kept under .tmp/<suite>-compat). Nothing of that
# repository is copied into this one: the suite's package is unpacked and its test dependencies installed under
# .tmp/<suite>-compat, beside the server's data folder, its log, Jest's log and the full report (results.json).
#
# This file is what the three runs share: unpack the package, install its test dependencies, write the Jest
# configuration and the server, start the server on the port the suites expect (54321), run Jest, report.
# What each suite needs besides (its fixture, its fetch shim, its server options, its test files, how it
# counts) is in scripts/compat/<suite>.sh, which defines the variables and functions used below.
set -euo pipefail

SUITE=${1:-}
HERE=$(cd "$(dirname "$0")" && pwd)
[ -f "$HERE/$SUITE.sh" ] || { echo "usage: scripts/compat/run.sh postgrest|storage|auth [supabase-js clone]" >&2; exit 2; }

ROOT=$(cd "$HERE/../.." && pwd)
WORK="$ROOT/.tmp/$SUITE-compat"
REF=v2.109.0
PORT=54321
PKG="$WORK/src/packages/core/$SUITE-js"

# Defaults a suite may override.
SETUP_HOOK=setupFilesAfterEnv # Jest's hook for the suite's compat-setup.cjs
JEST_EXTRA=''                 # more lines of the Jest configuration
SERVER_HOST=''                # the server's listen address ('' for the backend's default)
SERVER_ENV=''                 # environment of the server process (e.g. NODE_ENV=test)
SERVER_OPTIONS=''             # more options of startServer, as TypeScript
unpacked() { :; }             # after the package is unpacked: fixtures
installed() { :; }            # after its dependencies are installed
started() { :; }              # after the server is up (its keys in $WORK/keys.json)
# shellcheck source=/dev/null
source "$HERE/$SUITE.sh"

rm -rf "$WORK/src" "$WORK/data" "$WORK/migrations"
mkdir -p "$WORK/src" "$WORK/migrations"

CHECKOUT=${2:-}
if [ -z "$CHECKOUT" ]; then
  CHECKOUT="$WORK/supabase-js.git"
  [ -d "$CHECKOUT" ] || git clone --quiet --bare --depth 1 --branch "$REF" https://github.com/supabase/supabase-js "$CHECKOUT"
fi
git -C "$CHECKOUT" archive "$REF" "packages/core/$SUITE-js" | tar -x -C "$WORK/src"
unpacked

# The suite's test dependencies at the versions its workspace catalog pins ($DEV_DEPENDENCIES, JSON), without
# its build tooling.
node -e '
  const fs = require("fs")
  const file = process.argv[1] + "/package.json"
  const pkg = JSON.parse(fs.readFileSync(file, "utf8"))
  pkg.devDependencies = JSON.parse(process.argv[2])
  delete pkg.scripts
  fs.writeFileSync(file, JSON.stringify(pkg, null, 2))
' "$PKG" "$DEV_DEPENDENCIES"
(cd "$PKG" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
installed

setup >"$PKG/compat-setup.cjs"
cat >"$PKG/jest.compat.config.cjs" <<JS
module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  maxWorkers: 1,
  testTimeout: 30000,
  $SETUP_HOOK: ['<rootDir>/compat-setup.cjs'],${JEST_EXTRA:+
  $JEST_EXTRA}
  transform: { '^.+\\\\.tsx?\$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }] },
}
JS

# Rate limits out of the way: a suite signs in and refreshes far more often than a person.
cat >"$WORK/server.ts" <<TS
import { writeFileSync } from 'node:fs'
import { startServer } from '$ROOT/src/backend/app.ts'

const server = await startServer({
  dataDir: '$WORK/data',
  port: $PORT,${SERVER_HOST:+
  host: '$SERVER_HOST',}
  $SERVER_OPTIONS
})
writeFileSync('$WORK/keys.json', JSON.stringify({ anonKey: server.keys.anonKey, serviceRoleKey: server.keys.serviceRoleKey }))
console.log('compat server ready')
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close().then(() => process.exit(0)))
TS
rm -f "$WORK/keys.json" "$WORK/reached.txt" "$WORK/missing.txt"
touch "$WORK/reached.txt" "$WORK/missing.txt"
env $SERVER_ENV node --import tsx "$WORK/server.ts" >"$WORK/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 480); do # up to 4 minutes: on a loaded machine a start took over one
  [ -s "$WORK/keys.json" ] && break
  kill -0 $SERVER 2>/dev/null || { cat "$WORK/server.log"; exit 1; }
  sleep 0.5
done
[ -s "$WORK/keys.json" ] || { echo "the compat server did not start: $WORK/server.log" >&2; exit 1; }
started

# The shim reads the server's keys (COMPAT_KEYS) and notes, per test, the requests that reached the server
# (COMPAT_REACHED) and those answered with the backend's 404 for a route it does not have (COMPAT_MISSING).
cd "$PKG"
COMPAT_KEYS="$WORK/keys.json" COMPAT_REACHED="$WORK/reached.txt" COMPAT_MISSING="$WORK/missing.txt" \
  npx jest --config jest.compat.config.cjs --json --outputFile="$WORK/results.json" "${JEST_ARGS[@]}" >"$WORK/jest.log" 2>&1 || true

report "$WORK/results.json" "$WORK/reached.txt" "$WORK/missing.txt"
