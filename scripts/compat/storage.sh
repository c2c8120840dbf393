# storage-js's suite (packages/core/storage-js), sourced by run.sh. The suite's seed (buckets, objects,
# policies) is loaded as an extra migration after ours, the server listens where the suite expects it
# (127.0.0.1:54321), and the suite's hard-coded service-role key (signed for the Supabase CLI's demo secret)
# is replaced by this server's. Every request the suite sends to the server is attributed to the test that
# sent it, so the figure counts the tests that reach the server and leaves out those that run against a
# mocked fetch (decision 0060).
# shellcheck shell=bash disable=SC2034

DEV_DEPENDENCIES='{
  "@types/jest": "30.0.0", "@types/node": "20.19.9", "jest": "30.4.2", "ts-jest": "^29.4.9", "typescript": "~5.8.3"
}'

# The seed, adapted to the embedded auth schema: GoTrue's columns the seed fills that the embedded auth
# does not keep are added, and the password hashes (pgcrypto; no test signs in) become fixed strings.
unpacked() {
  cat >"$WORK/migrations/99990000000000_compat_prelude.sql" <<'SQL'
alter table auth.users add column if not exists instance_id uuid, add column if not exists confirmation_token text,
  add column if not exists email_change text, add column if not exists email_change_token_new text,
  add column if not exists recovery_token text;
SQL
  sed -e "s/crypt('password123', gen_salt('bf'))/'not-a-hash'/" "$PKG/test/supabase/seed.sql" >"$WORK/migrations/99990000000001_compat_seed.sql"
}

# Records, per test, whether it sent a request to the server (a test that replaces global.fetch with a
# mock sends none).
setup() {
  cat <<'JS'
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
}

SERVER_HOST=127.0.0.1
SERVER_OPTIONS="extraMigrationsDir: '$WORK/migrations',
  auth: { signInRateLimit: 1_000_000, refreshRateLimit: 1_000_000 },"

# The suite's service-role key is an HS256 token for the CLI's demo secret; this server signs its own.
started() {
  local key
  key=$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).serviceRoleKey' "$WORK/keys.json")
  grep -rl 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSI' "$PKG/test" |
    xargs sed -i -E "s/eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9\.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSI[A-Za-z0-9._-]*/$key/"
}

JEST_ARGS=()

report() {
  node -e '
    const fs = require("fs")
    const r = require(process.argv[1])
    const reached = new Set(fs.readFileSync(process.argv[3], "utf8").trim().split("\n").filter(Boolean).map((l) => { const e = JSON.parse(l); return e.file + "\u0000" + e.test }))
    let pass = 0, fail = 0, other = 0
    const failures = []
    for (const file of r.testResults) for (const t of file.assertionResults) {
      if (!reached.has(file.name + "\u0000" + t.fullName)) { other++; continue }
      if (t.status === "passed") pass++
      else if (t.status === "failed") { fail++; failures.push(`  FAIL ${file.name.split("/test/")[1]} > ${t.fullName}`) }
    }
    console.log(`storage-js ${process.argv[2]} against the embedded backend: ${pass} of ${pass + fail} tests that reach the server passed, ${fail} failed (${other} tests use a mocked fetch or no server)`)
    for (const line of failures) console.log(line)
  ' "$1" "$REF" "$2"
}
