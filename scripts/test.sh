#!/usr/bin/env bash
# `npm test`: everything CI checks, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."
CHROME_PATH="$(bash scripts/chromium.sh)"
export CHROME_PATH

echo "▶ typecheck"
npx tsc -p . --noEmit
echo "▶ lint (ESLint, zero warnings)"
npm run --silent lint
echo "▶ format (Prettier)"
npm run --silent format:check
echo "▶ unit and contract tests (Vitest)"
npx vitest run
echo "▶ build (vike build: prerendered HTML)"
mkdir -p .tmp
npx vike build 2>&1 | tee .tmp/build.log
# A chunk-size warning means something large (server-only code, page text) reached the browser bundles.
if grep -q "chunks are larger than" .tmp/build.log; then echo "✗ the build warned about chunk sizes"; exit 1; fi
echo "▶ end-to-end tests (Playwright + $CHROME_PATH)"
rm -rf .tmp/e2e-data # each Playwright worker's server then starts on a fresh folder under it (tests/e2e/fixtures.ts)
npx playwright test
