#!/usr/bin/env bash
# Installs what tests/unit/deploy-files.test.ts checks deploy/ with, from Debian's packages, when missing:
# caddy (caddy validate), nginx (nginx -t), systemd (systemd-analyze verify). Without root or apt-get it
# installs nothing, and the test skips the file whose tool is missing, saying so.
set -uo pipefail
missing=()
command -v caddy >/dev/null || missing+=(caddy)
command -v nginx >/dev/null || missing+=(nginx)
command -v systemd-analyze >/dev/null || missing+=(systemd)
[ "${#missing[@]}" = 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "instalando los paquetes de Debian ${missing[*]} para comprobar deploy/..." >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}") >&2 || true
fi
exit 0
