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
echo "▶ unit and contract tests (Vitest)"
npx vitest run
echo "▶ build (vike build: prerendered HTML)"
npx vike build
echo "▶ end-to-end tests (Playwright + $CHROME_PATH)"
rm -rf .tmp/e2e-data
npx playwright test
