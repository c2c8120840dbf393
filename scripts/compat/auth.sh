# auth-js's suite (packages/core/auth-js), sourced by run.sh: the two files that talk to a server
# (GoTrueApi.test.ts, GoTrueClient.test.ts); the rest exercise the client against mocks or need Docker. The
# suite signs its own RS256 keys (test/supabase/signing_keys.json, made by its generator): every request
# carrying one of them gets the embedded backend's key of the same role instead, as if the suite had been
# configured with them (decision 0056).
# shellcheck shell=bash disable=SC2034

DEV_DEPENDENCIES='{
  "@faker-js/faker": "^9.9.0", "@types/jest": "30.0.0", "@types/jsonwebtoken": "^8.5.8", "@types/node": "20.19.9",
  "jest": "30.4.2", "ts-jest": "^29.4.9", "typescript": "~5.8.3", "jsonwebtoken": "^9.0.0", "prettier": "^3.6.2"
}'

installed() { (cd "$PKG" && node test/generate-signing-keys.js >/dev/null); }

# The suite's keys stand for the embedded backend's own; and every test that sends a request to the server
# is noted, so the figure counts the tests that reach it.
setup() {
  cat <<'JS'
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
}

SERVER_HOST='::'
SERVER_ENV=NODE_ENV=test
SERVER_OPTIONS="auth: { signInRateLimit: 1_000_000, refreshRateLimit: 1_000_000, emailRateLimit: 1_000_000, openSignUp: true },"

JEST_ARGS=(test/GoTrueApi.test.ts test/GoTrueClient.test.ts)

report() {
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
  ' "$1" "$REF" "$2" "$3"
}
