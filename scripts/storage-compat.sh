#!/usr/bin/env bash
# Runs storage-js's own test suite (supabase/supabase-js v2.109.0, packages/core/storage-js) against the
# embedded backend's /storage/v1: the suite's seed (buckets, objects, policies) is loaded as an extra
# migration after ours, the server listens where the suite expects it (127.0.0.1:54321), and the suite's
# hard-coded service-role key (signed for the Supabase CLI's demo secret) is replaced by this server's.
# Every request the suite sends to the server is attributed to the test that sent it, so the figure counts
# the tests that reach the server and leaves out those that run against a mocked fetch
# (docs/backend.md, "Storage compatibility"; decision 0060).
#
#   scripts/storage-compat.sh [path to a clone of supabase/supabase-js]
#
# Without a path it clones the tag from GitHub. Nothing of that repository is copied into this one: it is
# unpacked and its test dependencies installed under .tmp/storage-compat. Prints the counts and the failing
# tests; the full report is .tmp/storage-compat/results.json.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK="$ROOT/.tmp/storage-compat"
REF=v2.109.0
PORT=54321
PKG="$WORK/src/packages/core/storage-js"

rm -rf "$WORK/src" "$WORK/data" "$WORK/migrations" "$WORK/reached"
mkdir -p "$WORK/src" "$WORK/migrations" "$WORK/reached"

CHECKOUT=${1:-}
if [ -z "$CHECKOUT" ]; then
  CHECKOUT="$WORK/supabase-js.git"
  [ -d "$CHECKOUT" ] || git clone --quiet --bare --depth 1 --branch "$REF" https://github.com/supabase/supabase-js "$CHECKOUT"
fi
git -C "$CHECKOUT" archive "$REF" packages/core/storage-js | tar -x -C "$WORK/src"

# The seed, adapted to the embedded auth schema: GoTrue's columns the seed fills that the embedded auth
# does not keep are added, and the password hashes (pgcrypto; no test signs in) become fixed strings.
cat > "$WORK/migrations/99990000000000_compat_prelude.sql" <<'SQL'
alter table auth.users add column if not exists instance_id uuid, add column if not exists confirmation_token text,
  add column if not exists email_change text, add column if not exists email_change_token_new text,
  add column if not exists recovery_token text;
SQL
sed -e "s/crypt('password123', gen_salt('bf'))/'not-a-hash'/" "$PKG/test/supabase/seed.sql" > "$WORK/migrations/99990000000001_compat_seed.sql"

# The suite's test dependencies at the versions its workspace catalog pins, without its build tooling.
node -e '
  const fs = require("fs")
  const file = process.argv[1] + "/package.json"
  const pkg = JSON.parse(fs.readFileSync(file, "utf8"))
  pkg.devDependencies = {
    "@types/jest": "30.0.0", "@types/node": "20.19.9", jest: "30.4.2", "ts-jest": "^29.4.9", typescript: "~5.8.3",
  }
  delete pkg.scripts
  fs.writeFileSync(file, JSON.stringify(pkg, null, 2))
' "$PKG"
(cd "$PKG" && npm install --no-audit --no-fund --loglevel=error >/dev/null)

# Records, per test, whether it sent a request to the server (a test that replaces global.fetch with a
# mock sends none).
cat > "$PKG/compat-reach.cjs" <<'JS'
const { appendFileSync } = require('fs')
const original = globalThis.fetch
let current = ''
beforeEach(() => { current = expect.getState().currentTestName })
globalThis.fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  if (url.startsWith('http://127.0.0.1:54321/')) appendFileSync(process.env.COMPAT_REACHED, JSON.stringify({ file: expect.getState().testPath, test: current }) + '\n')
  return original(input, init)
}
JS
cat > "$PKG/jest.compat.config.cjs" <<'JS'
module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  maxWorkers: 1,
  testTimeout: 30000,
  setupFilesAfterEnv: ['<rootDir>/compat-reach.cjs'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'tsconfig.test.json', diagnostics: false }] },
}
JS

cat > "$WORK/server.ts" <<TS
import { writeFileSync } from 'node:fs'
import { startServer } from '$ROOT/src/backend/app.ts'

const server = await startServer({
  dataDir: '$WORK/data',
  port: $PORT,
  host: '127.0.0.1',
  extraMigrationsDir: '$WORK/migrations',
  auth: { signInRateLimit: 1_000_000, refreshRateLimit: 1_000_000 },
})
writeFileSync('$WORK/service-key', server.keys.serviceRoleKey)
console.log('compat server ready')
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close().then(() => process.exit(0)))
TS
rm -f "$WORK/service-key"
node --import tsx "$WORK/server.ts" > "$WORK/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 480); do # up to 4 minutes: at load 20 a start took over one
  [ -s "$WORK/service-key" ] && break
  kill -0 $SERVER 2>/dev/null || { cat "$WORK/server.log"; exit 1; }
  sleep 0.5
done

# The suite's service-role key is an HS256 token for the CLI's demo secret; this server signs its own.
KEY=$(cat "$WORK/service-key")
grep -rl 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSI' "$PKG/test" |
  xargs sed -i -E "s/eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9\.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSI[A-Za-z0-9._-]*/$KEY/"

cd "$PKG"
COMPAT_REACHED="$WORK/reached/requests.jsonl" npx jest --config jest.compat.config.cjs --json --outputFile="$WORK/results.json" \
  > "$WORK/jest.log" 2>&1 || true

node -e '
  const fs = require("fs")
  const r = require(process.argv[1])
  const reachedFile = process.argv[3]
  const reached = new Set(fs.existsSync(reachedFile) ? fs.readFileSync(reachedFile, "utf8").trim().split("\n").filter(Boolean).map((l) => { const e = JSON.parse(l); return e.file + "\u0000" + e.test }) : [])
  let pass = 0, fail = 0, other = 0
  const failures = []
  for (const file of r.testResults) for (const t of file.assertionResults) {
    if (!reached.has(file.name + "\u0000" + t.fullName)) { other++; continue }
    if (t.status === "passed") pass++
    else if (t.status === "failed") { fail++; failures.push(`  FAIL ${file.name.split("/test/")[1]} > ${t.fullName}`) }
  }
  console.log(`storage-js ${process.argv[2]} against the embedded backend: ${pass} of ${pass + fail} tests that reach the server passed, ${fail} failed (${other} tests use a mocked fetch or no server)`)
  for (const line of failures) console.log(line)
' "$WORK/results.json" "$REF" "$WORK/reached/requests.jsonl"
