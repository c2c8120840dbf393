#!/usr/bin/env bash
# Prints the path of a Chromium that Playwright and Lighthouse can drive, installing Debian's
# `chromium` package when it is missing (browser downloads do not work on these machines).
# `chromium.sh headless-shell`, for the end-to-end tests: Debian's `chromium-headless-shell` (the same Chromium
# without the full browser's GPU and UI processes, decision 0052), installed the same way, or the full Chromium
# when it cannot be. Lighthouse and the benches keep the full browser, as a visitor's.
set -euo pipefail
package=chromium
candidates=(/usr/bin/chromium /usr/bin/chromium-browser)
if [ "${1:-}" = "headless-shell" ]; then
  package=chromium-headless-shell
  candidates=(/usr/bin/chromium-headless-shell "${candidates[@]}")
fi
for preferred in "${CHROME_PATH:-}" "${candidates[0]}"; do
  if [ -n "$preferred" ] && [ -x "$preferred" ]; then echo "$preferred"; exit 0; fi
done
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "${candidates[0]} no está instalado: instalando el paquete de Debian '$package'..." >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package") >&2 || true
fi
for candidate in "${candidates[@]}"; do
  if [ -x "$candidate" ]; then echo "$candidate"; exit 0; fi
done
echo "ERROR: no encuentro Chromium. Instálalo con 'sudo apt-get install $package' o indica su ruta en CHROME_PATH." >&2
exit 1
