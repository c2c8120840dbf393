#!/usr/bin/env bash
# `npm test`: everything CI checks, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."
# The end-to-end tests' browser: Debian's chromium-headless-shell, or the full Chromium (decision 0052).
CHROME_PATH="$(bash scripts/chromium.sh headless-shell)"
export CHROME_PATH

echo "▶ typecheck, lint (ESLint, zero warnings) and format (Prettier), side by side"
# Each is one single-threaded process: on two cores three at once take about as long as ESLint alone.
mkdir -p .tmp
npx tsc -p . --noEmit >.tmp/typecheck.log 2>&1 &
typecheck=$!
npm run --silent lint >.tmp/lint.log 2>&1 &
lint=$!
npm run --silent format:check >.tmp/format.log 2>&1 &
format=$!
failed=0
for check in typecheck lint format; do
  if wait "${!check}"; then echo "✓ $check"; else echo "✗ $check" && cat ".tmp/$check.log" && failed=1; fi
done
[ "$failed" = 0 ]
echo "▶ unit and contract tests (Vitest)"
npx vitest run
echo "▶ build (vike build: prerendered HTML)"
npx vike build 2>&1 | tee .tmp/build.log
# A chunk-size warning means something large (server-only code, page text) reached the browser bundles.
if grep -q "chunks are larger than" .tmp/build.log; then echo "✗ the build warned about chunk sizes"; exit 1; fi
echo "▶ end-to-end tests (Playwright + $CHROME_PATH)"
rm -rf .tmp/e2e-data # each Playwright worker's server then starts on a fresh folder under it (tests/e2e/fixtures.ts)
npx playwright test
