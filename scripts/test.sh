#!/usr/bin/env bash
# `npm test`: everything CI checks, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."
# The end-to-end tests' browser: Debian's chromium-headless-shell, or the full Chromium (decision 0052).
CHROME_PATH="$(bash scripts/chromium.sh headless-shell)"
export CHROME_PATH
# The tools that check deploy/ (caddy, nginx, systemd-analyze), from Debian when missing.
bash scripts/deploy-tools.sh

echo "▶ typecheck, lint (ESLint, zero warnings), format (Prettier) and the build (vike build: prerendered HTML), side by side"
# The three checks are single-threaded processes and ESLint the longest: on two cores the others and the build
# finish while it runs (decision 0051). Nothing here reads what another writes.
mkdir -p .tmp
npx tsc -p . --noEmit >.tmp/typecheck.log 2>&1 &
typecheck=$!
# ESLint says how it went when it ends, which may be while Vitest runs (below).
(if npm run --silent lint >.tmp/lint.log 2>&1; then echo "✓ lint"; else echo "✗ lint" && cat .tmp/lint.log && exit 1; fi) &
lint=$!
npm run --silent format:check >.tmp/format.log 2>&1 &
format=$!
npx vike build >.tmp/build.log 2>&1 &
build=$!
failed=0
for check in typecheck format build; do
  if wait "${!check}"; then echo "✓ $check"; else echo "✗ $check" && cat ".tmp/$check.log" && failed=1; fi
done
# A chunk-size warning means something large (server-only code, page text) reached the browser bundles.
if grep -q "chunks are larger than" .tmp/build.log; then echo "✗ the build warned about chunk sizes" && cat .tmp/build.log && failed=1; fi
if [ "$failed" != 0 ]; then
  wait "$lint" || true
  exit 1
fi

echo "▶ unit and contract tests (Vitest), beside ESLint until it ends"
# ESLint alone was the second half of the phase above, one core idle meanwhile: Vitest starts once the build is
# done (decision 0051). The servers the contract files start find no build, as on a clean clone (with one, each
# would also render the site's pages): the build waits aside meanwhile, and comes back whatever Vitest's outcome.
rm -rf .tmp/dist-aside
mv dist .tmp/dist-aside
trap 'if [ -d .tmp/dist-aside ] && [ ! -e dist ]; then mv .tmp/dist-aside dist; fi' EXIT
vitest=0
npx vitest run --exclude 'tests/contract/with-build/**' || vitest=$?
wait "$lint" || failed=1
if [ "$vitest" != 0 ] || [ "$failed" != 0 ]; then exit 1; fi
mv .tmp/dist-aside dist
# The few contract files about what a built site does under stress (a build file deleted under the server,
# a stop mid-render, the health checks beside the 404 log) need the build back.
echo "▶ contract tests that need the build (Vitest)"
npx vitest run tests/contract/with-build
echo "▶ end-to-end tests (Playwright + $CHROME_PATH)"
rm -rf .tmp/e2e-data # each Playwright worker's server then starts on a fresh folder under it (tests/e2e/fixtures.ts)
npx playwright test
