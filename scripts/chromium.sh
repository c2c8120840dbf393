#!/usr/bin/env bash
# Prints the path of a Chromium that Playwright and Lighthouse can drive, installing Debian's
# `chromium` package when it is missing (browser downloads do not work on these machines).
set -euo pipefail
for candidate in "${CHROME_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then echo "$candidate"; exit 0; fi
done
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Chromium no está instalado: instalando el paquete de Debian 'chromium'..." >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >&2
  if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi
fi
echo "ERROR: no encuentro Chromium. Instálalo con 'sudo apt-get install chromium' o indica su ruta en CHROME_PATH." >&2
exit 1
