#!/usr/bin/env bash
# Runs auth-js's own test suite (supabase/supabase-js v2.109.0, packages/core/auth-js/test) against the
# embedded backend's auth service (src/backend/auth/) and prints how many of its tests pass: the measure of
# how much of GoTrue's contract it serves (docs/backend.md, "Auth compatibility"; decision 0056).
#
#   scripts/auth-compat.sh [path to a clone of supabase/supabase-js]
#
# Without a path it clones the tag from GitHub. Nothing of that repository is copied into this one: it is
# unpacked and its test dependencies installed under .tmp/auth-compat. The two files that talk to a server
# are run (GoTrueApi.test.ts, GoTrueClient.test.ts); the rest exercise the client against mocks or need
# Docker. The suite signs its own RS256 keys (test/supabase/signing_keys.json, made by its generator): every
# request carrying one of them gets the embedded backend's key of the same role instead, as if the suite
# had been configured with them. Prints the counts and the failing tests; the full report is
# .tmp/auth-compat/results.json.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK="$ROOT/.tmp/auth-compat"
REF=v2.109.0
PORT=54321
PKG="$WORK/src/packages/core/auth-js"

rm -rf "$WORK/src" "$WORK/data"
mkdir -p "$WORK/src"

CHECKOUT=${1:-}
if [ -z "$CHECKOUT" ]; then
  CHECKOUT="$WORK/supabase-js.git"
  [ -d "$CHECKOUT" ] || git clone --quiet --bare --depth 1 --branch "$REF" https://github.com/supabase/supabase-js "$CHECKOUT"
fi
git -C "$CHECKOUT" archive "$REF" packages/core/auth-js | tar -x -C "$WORK/src"

# The suite's test dependencies at the versions its workspace catalog pins, without its build tooling.
node -e '
  const fs = require("fs")
  const file = process.argv[1] + "/package.json"
  const pkg = JSON.parse(fs.readFileSync(file, "utf8"))
  pkg.devDependencies = {
    "@faker-js/faker": "^9.9.0", "@types/jest": "30.0.0", "@types/jsonwebtoken": "^8.5.8", "@types/node": "20.19.9",
    jest: "30.4.2", "ts-jest": "^29.4.9", typescript: "~5.8.3", jsonwebtoken: "^9.0.0", prettier: "^3.6.2",
  }
  delete pkg.scripts
  fs.writeFileSync(file, JSON.stringify(pkg, null, 2))
' "$PKG"
(cd "$PKG" && npm install --no-audit --no-fund --loglevel=error >/dev/null && node test/generate-signing-keys.js >/dev/null)

cat > "$PKG/compat-setup.cjs" <<'JS'
// The suite's keys (signed with test/supabase/signing_keys.json) stand for the embedded backend's own; and
// every test that sends a request to the server is noted, so the figure counts the tests that reach it.
const { appendFileSync, readFileSync } = require('fs')
const keys = JSON.parse(readFileSync(process.env.COMPAT_KEYS, 'utf8'))
const suiteKid = JSON.parse(readFileSync(__dirname + '/test/supabase/signing_keys.json', 'utf8'))[0].kid
const part = (token, i) => { try { return JSON.parse(Buffer.from(token.split('.')[i], 'base64url').toString()) } catch { return {} } }
const ours = (token) => {
  if (!token || part(token, 0).kid !== suiteKid) return token
  return part(token, 1).role === 'anon' ? keys.anonKey : keys.serviceRoleKey
}
const original = globalThis.fetch
globalThis.fetch = (input, init = {}) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  if (/^http:\/\/(127\.0\.0\.1|localhost):54321\//.test(url)) {
    const headers = new Headers(init.headers ?? (typeof input === 'object' && 'headers' in input ? input.headers : undefined))
    if (headers.has('apikey')) headers.set('apikey', ours(headers.get('apikey')))
    const bearer = /^Bearer (.+)$/i.exec(headers.get('authorization') ?? '')
    if (bearer) headers.set('authorization', `Bearer ${ours(bearer[1])}`)
    init = { ...init, headers }
    const test = expect.getState().currentTestName
    const id = `${expect.getState().testPath.split('/test/')[1]} > ${test}\n`
    if (test) appendFileSync(process.env.COMPAT_REACHED, id)
    // A route the embedded backend does not have (its generic 404 not_found, which GoTrue never sends):
    // a test that passes with one passes only because the feature is missing.
    return original(input, init).then(async (response) => {
      if (test && response.status === 404) {
        const body = await response.clone().json().catch(() => ({}))
        if ((body.code ?? body.error_code) === 'not_found') appendFileSync(process.env.COMPAT_MISSING, id)
      }
      return response
    })
  }
  return original(input, init)
}
JS
cat > "$PKG/jest.compat.config.cjs" <<'JS'
module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  maxWorkers: 1,
  testTimeout: 30000,
  setupFilesAfterEnv: ['<rootDir>/compat-setup.cjs'],
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
  auth: { signInRateLimit: 1_000_000, refreshRateLimit: 1_000_000, emailRateLimit: 1_000_000 },
})
writeFileSync('$WORK/keys.json', JSON.stringify({ anonKey: server.keys.anonKey, serviceRoleKey: server.keys.serviceRoleKey }))
console.log('compat server ready')
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close().then(() => process.exit(0)))
TS
rm -f "$WORK/keys.json" "$WORK/reached.txt" "$WORK/missing.txt"
touch "$WORK/reached.txt" "$WORK/missing.txt"
NODE_ENV=test node --import tsx "$WORK/server.ts" > "$WORK/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  [ -s "$WORK/keys.json" ] && break
  kill -0 $SERVER 2>/dev/null || { cat "$WORK/server.log"; exit 1; }
  sleep 0.5
done

cd "$PKG"
COMPAT_KEYS="$WORK/keys.json" COMPAT_REACHED="$WORK/reached.txt" COMPAT_MISSING="$WORK/missing.txt" npx jest --config jest.compat.config.cjs --json --outputFile="$WORK/results.json" \
  test/GoTrueApi.test.ts test/GoTrueClient.test.ts > "$WORK/jest.log" 2>&1 || true

node -e '
  const fs = require("fs")
  const r = require(process.argv[1])
  const lines = (file) => new Set(fs.readFileSync(file, "utf8").split("\n").filter(Boolean))
  const reached = lines(process.argv[3])
  const missing = lines(process.argv[4])
  const tests = r.testResults.flatMap((file) =>
    file.assertionResults.map((t) => ({ ...t, id: `${file.name.split("/test/")[1]} > ${t.fullName}` })),
  )
  const served = tests.filter((t) => reached.has(t.id))
  const passed = served.filter((t) => t.status === "passed").length
  console.log(`auth-js ${process.argv[2]} against the embedded backend: ${passed} of the ${served.length} tests that reach the server pass`)
  const hollow = served.filter((t) => t.status === "passed" && missing.has(t.id))
  console.log(`${hollow.length} of those pass only on an answer for a route the backend does not have (404 not_found)`)
  console.log(`(all tests of the two files: ${r.numPassedTests} of ${r.numTotalTests} pass)`)
  for (const t of hollow) console.log(`  HOLLOW ${t.id}`)
  for (const t of served) if (t.status === "failed") console.log(`  FAIL ${t.id}`)
' "$WORK/results.json" "$REF" "$WORK/reached.txt" "$WORK/missing.txt"
